import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEWS_CATEGORY } from '../../api';
import { ChevronEndIcon, MegaphoneIcon } from '../../components/icons';
import { Skeleton } from '../../components/Spinner';
import { displayServerTime } from '../../lib/format';
import { noticeHref, useNewsList } from '../news';

const ROTATE_MS = 4500;

/** One line: the newest notices (c_id 4) in turn, each a link to its article. */
export function AnnouncementStrip() {
  const { t } = useTranslation();
  const notices = useNewsList(NEWS_CATEGORY.notices, 1, 5);
  const list = notices.data?.list ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = list.length;

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  if (!notices.isPending && count === 0) return null;
  const notice = count > 0 ? list[index % count] : undefined;

  return (
    <section
      aria-label={t('home.announcements')}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2.5 sm:px-4"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      <MegaphoneIcon size={18} className="shrink-0 text-brand rtl:-scale-x-100" />
      <div className="min-w-0 flex-1" aria-live="off">
        {notice ? (
          <Link
            key={notice.id}
            to={noticeHref(notice.id)}
            data-testid="announcement"
            className="flex min-w-0 items-center gap-3 text-[0.8125rem] text-fg hover:text-brand animate-[toast-in_300ms_ease-out]"
            onFocus={() => setPaused(true)}
            onBlur={() => setPaused(false)}
          >
            <span className="truncate">{notice.title}</span>
            <time className="num hidden shrink-0 text-xs text-faint sm:inline" dir="ltr">
              {displayServerTime(notice.update_time, false)}
            </time>
          </Link>
        ) : (
          <Skeleton className="h-3.5 w-1/2" />
        )}
      </div>
      <Link
        to="/noticeList"
        aria-label={t('home.allAnnouncements')}
        className="inline-flex shrink-0 items-center gap-0.5 text-[0.8125rem] text-muted hover:text-fg"
      >
        <span className="hidden sm:inline">{t('home.allAnnouncements')}</span>
        <ChevronEndIcon size={16} className="rtl:-scale-x-100" />
      </Link>
    </section>
  );
}
