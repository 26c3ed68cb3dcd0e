import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { clsx } from 'clsx';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';
import type { Category } from './ContentScreen';
import { LANGUAGES, type LangCode } from './languages';

interface Text {
  title: string;
  abstract: string;
  content: string;
}

interface Article {
  article_key: string;
  c_id: number;
  sort: number;
  thumbnail: string;
  is_published: boolean;
  translations: Partial<Record<LangCode, Text>>;
}

const EMPTY: Text = { title: '', abstract: '', content: '' };

/** The article as the site shows it, in a sandboxed frame: no script of the content runs here. */
function Preview({ text, dir }: { text: Text; dir: string }) {
  const html = `<!doctype html><html dir="${dir}"><body style="font-family:system-ui;padding:12px;color:#111"><h1 style="font-size:20px">${escapeHtml(text.title)}</h1><p style="color:#555">${escapeHtml(text.abstract)}</p>${text.content}</body></html>`;
  return <iframe title="Preview" sandbox="" srcDoc={html} className="h-96 w-full rounded border border-line bg-white" />;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

export function ArticleEditor() {
  const key = useParams().key ?? 'new';
  const isNew = key === 'new';
  const navigate = useNavigate();
  const loaded = useApi<Article>(isNew ? null : `/content/articles/${encodeURIComponent(key)}`);
  const categories = useApi<{ list: Category[] }>('/content/categories');
  const [cId, setCId] = useState(4);
  const [sort, setSort] = useState(0);
  const [thumbnail, setThumbnail] = useState('');
  const [texts, setTexts] = useState<Partial<Record<LangCode, Text>>>({});
  const [lang, setLang] = useState<LangCode>('en');
  const [published, setPublished] = useState(false);
  const action = useAction();
  const [saved, setSaved] = useState<string>();

  useEffect(() => {
    const article = loaded.data;
    if (!article) return;
    setCId(article.c_id);
    setSort(article.sort);
    setThumbnail(article.thumbnail);
    setTexts(article.translations);
    setPublished(article.is_published);
  }, [loaded.data]);

  const text = texts[lang] ?? EMPTY;
  const edit = (field: keyof Text, value: string) => setTexts((current) => ({ ...current, [lang]: { ...(current[lang] ?? EMPTY), [field]: value } }));
  const filled = Object.fromEntries(Object.entries(texts).filter(([, value]) => value && value.title.trim() !== ''));

  const save = () =>
    action.run(async () => {
      const body = { c_id: cId, sort, thumbnail, translations: filled };
      if (isNew) {
        const { article_key: created } = await api<{ article_key: string }>('POST', '/content/articles', body);
        void navigate(`/content/${created}`, { replace: true });
      } else {
        await api('PUT', `/content/articles/${encodeURIComponent(key)}`, body);
      }
      setSaved('Saved.');
    });
  const publish = (value: boolean) =>
    void action.run(async () => {
      await api('POST', `/content/articles/${encodeURIComponent(key)}/publish`, { published: value });
      setPublished(value);
      setSaved(value ? 'Published: it is on the site.' : 'Taken off the site.');
    });

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={isNew ? 'New article' : 'Edit article'}>
        <Link to="/content" className="text-[0.8125rem] text-brand">
          ← all articles
        </Link>
        {!isNew && <span className={clsx('text-[0.8125rem]', published ? 'text-up' : 'text-muted')}>{published ? 'published' : 'draft'}</span>}
        <Button size="sm" busy={action.busy} disabled={!filled.en} onClick={() => void save()}>
          Save
        </Button>
        {!isNew &&
          (published ? (
            <Button size="sm" variant="outline" busy={action.busy} onClick={() => publish(false)}>
              Unpublish
            </Button>
          ) : (
            <Button size="sm" busy={action.busy} onClick={() => publish(true)}>
              Publish
            </Button>
          ))}
      </PageHeader>
      <ErrorLine error={action.error ?? loaded.error} />
      {saved && <p className="text-[0.8125rem] text-up">{saved}</p>}
      <Panel>
        <div className="flex flex-wrap items-center gap-3 text-[0.8125rem]">
          <label className="flex items-center gap-2">
            Category
            <select aria-label="Category" className="bo-input" value={cId} onChange={(event) => setCId(Number(event.target.value))}>
              {categories.data?.list.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name_en}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            Order
            <input aria-label="Order" type="number" min={0} className="bo-input w-24" value={sort} onChange={(event) => setSort(Number(event.target.value))} />
          </label>
          <label className="flex items-center gap-2">
            Picture
            <input aria-label="Picture address" className="bo-input w-80" placeholder="/media/… (banners)" value={thumbnail} onChange={(event) => setThumbnail(event.target.value)} />
          </label>
        </div>
      </Panel>
      <div role="tablist" aria-label="Language" className="flex flex-wrap gap-1">
        {LANGUAGES.map((language) => (
          <button
            key={language.code}
            role="tab"
            aria-selected={language.code === lang}
            className={clsx('rounded px-3 py-1.5 text-[0.8125rem]', language.code === lang ? 'bg-brand text-brand-fg' : 'bg-raised text-muted hover:text-fg')}
            onClick={() => setLang(language.code)}
          >
            {language.label}
            {texts[language.code]?.title ? ' ✓' : ''}
          </button>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={`Text (${lang})${lang === 'en' ? ': required; other languages fall back to it' : ''}`}>
          <div className="flex flex-col gap-2" dir={LANGUAGES.find((language) => language.code === lang)?.dir}>
            <input aria-label="Title" className="bo-input" placeholder="Title" value={text.title} onChange={(event) => edit('title', event.target.value)} />
            <input aria-label="Summary" className="bo-input" placeholder="Summary" value={text.abstract} onChange={(event) => edit('abstract', event.target.value)} />
            <textarea aria-label="Body (HTML)" className="bo-input min-h-72 font-mono" placeholder="<p>Body…</p>" value={text.content} onChange={(event) => edit('content', event.target.value)} />
          </div>
        </Panel>
        <Panel title="Preview">
          <Preview text={text} dir={LANGUAGES.find((language) => language.code === lang)?.dir ?? 'ltr'} />
        </Panel>
      </div>
    </div>
  );
}
