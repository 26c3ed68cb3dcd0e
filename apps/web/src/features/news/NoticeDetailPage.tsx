import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api';
import { Button, ButtonLink } from '../../components/Button';
import { AlertIcon, ChevronStartIcon, CompassIcon } from '../../components/icons';
import { Skeleton } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { displayServerTime, isolateLtr } from '../../lib/format';
import { useNewsDetail } from './queries';

function parseId(value: string | null): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** One article (`?id=N`). Its content is operator-written HTML, rendered as is in a prose block. */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const article = useNewsDetail(id);
  const missing =
    id === null ||
    (article.error instanceof ApiError && article.error.kind === 'refusal' && /not found/.test(article.error.key));

  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-3 py-8 sm:px-5 sm:py-12">
      <Link
        to="/noticeList"
        className="mb-6 inline-flex items-center gap-1 text-[0.8125rem] text-muted hover:text-fg"
      >
        <ChevronStartIcon size={16} className="rtl:-scale-x-100" />
        {t('notices.back')}
      </Link>

      {missing ? (
        <StatePanel
          as="h1"
          testId="not-found"
          icon={<CompassIcon size={26} />}
          title={t('notices.notFoundTitle')}
          body={t('notices.notFoundBody')}
          actions={<ButtonLink to="/noticeList">{t('notices.back')}</ButtonLink>}
        />
      ) : article.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-3.5 w-40" />
          <Skeleton className="mt-6 h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ) : article.isError ? (
        <StatePanel
          tone="danger"
          icon={<AlertIcon size={26} />}
          title={t('common.loadFailed')}
          actions={
            <Button variant="secondary" onClick={() => void article.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <article>
          <header className="border-b border-line pb-5">
            <h1 data-testid="notice-title" className="text-2xl leading-tight font-semibold tracking-tight text-fg sm:text-3xl">
              {article.data.title}
            </h1>
            <p className="mt-3 text-[0.8125rem] text-faint">
              {t('notices.updated', { time: isolateLtr(displayServerTime(article.data.update_time)) })}
            </p>
          </header>
          <div
            className="prose-article mt-6"
            // Trusted: articles are written by the operator in the back office.
            dangerouslySetInnerHTML={{ __html: article.data.content }}
          />
        </article>
      )}
    </div>
  );
}
