import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageWindow } from '../lib/pages';
import { ChevronEndIcon, ChevronStartIcon } from './icons';

interface PaginationProps {
  page: number;
  pages: number;
  /** The link of a page number. */
  hrefOf(page: number): string;
}

const cell =
  'num inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-[0.8125rem] transition-colors';

/** Page links (they are real links, so pages can be opened in new tabs and shared). */
export function Pagination({ page, pages, hrefOf }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const items = pageWindow(page, pages);
  return (
    <nav aria-label={t('common.pagination')} className="flex flex-wrap items-center justify-center gap-1">
      <PageArrow to={page > 1 ? hrefOf(page - 1) : null} label={t('common.previous')}>
        <ChevronStartIcon className="rtl:-scale-x-100" />
      </PageArrow>
      {items.map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className={clsx(cell, 'text-faint')} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={hrefOf(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('common.pageOf', { page: item, pages })}
            className={clsx(
              cell,
              item === page ? 'bg-brand text-brand-fg' : 'text-muted hover:bg-raised hover:text-fg',
            )}
          >
            {item}
          </Link>
        ),
      )}
      <PageArrow to={page < pages ? hrefOf(page + 1) : null} label={t('common.next')}>
        <ChevronEndIcon className="rtl:-scale-x-100" />
      </PageArrow>
    </nav>
  );
}

function PageArrow({ to, label, children }: { to: string | null; label: string; children: ReactNode }) {
  if (to === null) {
    return (
      <span className={clsx(cell, 'text-faint opacity-50')} aria-hidden="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} className={clsx(cell, 'text-muted hover:bg-raised hover:text-fg')}>
      {children}
    </Link>
  );
}
