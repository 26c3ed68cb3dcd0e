import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEWS_CATEGORY } from '../../api';
import { HeadsetIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { Skeleton } from '../../components/Spinner';
import { noticeHref, useNewsList, useSupportLinks } from '../news';

function isSafeLink(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || url.startsWith('/') || url.startsWith('mailto:');
}

export function Footer() {
  const { t } = useTranslation();
  const support = useSupportLinks();
  const supportUrl = support.data?.pc || support.data?.mobile || '';

  return (
    <footer className="mt-auto border-t border-line bg-surface">
      <div className="mx-auto grid max-w-[90rem] gap-10 px-4 py-10 sm:px-5 md:grid-cols-[minmax(0,1.3fr)_repeat(3,minmax(0,1fr))] md:gap-8">
        <div className="flex flex-col items-start gap-3">
          <Logo />
          <p className="max-w-xs text-[0.8125rem] leading-relaxed text-muted">{t('footer.tagline')}</p>
          {supportUrl && isSafeLink(supportUrl) && (
            <a
              href={supportUrl}
              {...(supportUrl.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              className="mt-1 inline-flex items-center gap-2 rounded-md border border-line px-3 py-1.5 text-[0.8125rem] text-fg hover:border-brand hover:text-brand"
            >
              <HeadsetIcon size={16} />
              {t('footer.supportChat')}
            </a>
          )}
        </div>
        <FooterColumn title={t('footer.about')} cId={NEWS_CATEGORY.about} />
        <FooterColumn title={t('footer.terms')} cId={NEWS_CATEGORY.terms} />
        <FooterColumn title={t('footer.support')} cId={NEWS_CATEGORY.support} />
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-[90rem] flex-col gap-2 px-4 py-5 text-xs text-faint sm:px-5 md:flex-row md:items-center md:justify-between">
          <p>{t('footer.risk')}</p>
          <p className="num shrink-0" dir="ltr">
            {t('footer.copyright')}
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, cId }: { title: string; cId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useNewsList(cId, 1, 8);
  const list = data?.list ?? [];
  return (
    <section>
      <h2 className="mb-3 text-[0.8125rem] font-semibold text-fg">{title}</h2>
      {isPending ? (
        <div className="flex flex-col gap-2.5">
          <Skeleton className="h-3.5 w-28" />
          <Skeleton className="h-3.5 w-36" />
          <Skeleton className="h-3.5 w-24" />
        </div>
      ) : list.length === 0 || isError ? (
        <p className="text-[0.8125rem] text-faint">{t('footer.noArticles')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((article) => (
            <li key={article.id}>
              <Link to={noticeHref(article.id)} className="text-[0.8125rem] text-muted hover:text-fg">
                {article.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
