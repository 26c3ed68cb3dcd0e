import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NEWS_CATEGORY } from '../../api';
import { Button } from '../../components/Button';
import { AlertIcon, ChevronEndIcon, MegaphoneIcon } from '../../components/icons';
import { Pagination } from '../../components/Pagination';
import { Skeleton } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { displayServerTime } from '../../lib/format';
import { parsePage } from '../../lib/pages';
import { noticeHref, useNewsList } from './queries';

const PAGE_SIZE = 10;

/** Notices (c_id 4): titles with their update time, ten a page; a row opens the article. */
export function NoticeListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const notices = useNewsList(NEWS_CATEGORY.notices, page, PAGE_SIZE);
  const data = notices.data;

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-3 py-8 sm:px-5 sm:py-12">
      <header className="mb-6 sm:mb-8">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{t('notices.title')}</h1>
        <p className="mt-1.5 text-sm text-muted">{t('notices.subtitle')}</p>
      </header>

      <div className="overflow-hidden rounded-xl border border-line bg-surface">
        {notices.isPending ? (
          <ul aria-busy="true">
            {Array.from({ length: 5 }, (_, index) => (
              <li key={index} className="flex flex-col gap-2 border-b border-line px-4 py-4 last:border-b-0 sm:px-6">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </li>
            ))}
          </ul>
        ) : notices.isError ? (
          <StatePanel
            tone="danger"
            icon={<AlertIcon size={26} />}
            title={t('common.loadFailed')}
            actions={
              <Button variant="secondary" onClick={() => void notices.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : data && data.list.length > 0 ? (
          <ul className={notices.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            {data.list.map((notice) => (
              <li key={notice.id} className="border-b border-line last:border-b-0">
                <Link
                  to={noticeHref(notice.id)}
                  data-testid="notice-item"
                  className="group flex items-center gap-4 px-4 py-4 transition-colors hover:bg-raised sm:px-6"
                >
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate text-[0.9375rem] font-medium text-fg group-hover:text-brand">
                      {notice.title}
                    </h2>
                    {notice.abstract && (
                      <p className="mt-1 line-clamp-1 text-[0.8125rem] text-muted">{notice.abstract}</p>
                    )}
                  </div>
                  <time
                    dateTime={notice.update_time}
                    className="num hidden shrink-0 text-xs text-faint sm:block"
                    dir="ltr"
                  >
                    {displayServerTime(notice.update_time)}
                  </time>
                  <ChevronEndIcon size={16} className="shrink-0 text-faint rtl:-scale-x-100" />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <StatePanel icon={<MegaphoneIcon size={26} />} title={t('notices.empty')} />
        )}
      </div>

      {data && data.total > PAGE_SIZE && (
        <div className="mt-6">
          <Pagination
            page={data.page || page}
            pages={Math.max(data.pages, Math.ceil(data.total / PAGE_SIZE))}
            hrefOf={(n) => (n === 1 ? '/noticeList' : `/noticeList?page=${n}`)}
          />
        </div>
      )}
    </div>
  );
}
