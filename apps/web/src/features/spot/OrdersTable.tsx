import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The "more" control shows once a list has more than this many rows. */
export const MORE_AFTER_ROWS = 8;

/** The cells of the orders lists. */
export const td = 'px-3 py-2 whitespace-nowrap';
const th = 'px-3 py-2 text-[0.6875rem] font-normal text-faint whitespace-nowrap';

interface OrdersTableProps<T> {
  testId: string;
  /** The headings after the five every list starts with (time, pair, direction, price, number). */
  columns: string[];
  rows: readonly T[];
  /** Draws one row (with its key). */
  children(row: T): ReactNode;
  /** The list's pages: still loading, whether more can be loaded, loading them. */
  page: { isPending: boolean; hasMore: boolean; isLoadingMore: boolean; loadMore(): void };
  emptyText: string;
}

/**
 * A list of the orders panel (current orders, order history): the table with its headings, a line
 * while it loads or when it is empty, and the "more" control. Both lists page and read alike.
 */
export function OrdersTable<T>({ testId, columns, rows, children, page, emptyText }: OrdersTableProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-[0.75rem]" data-testid={testId}>
          <thead>
            <tr>
              <th className={clsx(th, 'text-start')}>{t('orders.time')}</th>
              <th className={clsx(th, 'text-start')}>{t('trade.pair')}</th>
              <th className={clsx(th, 'text-start')}>{t('trade.direction')}</th>
              <th className={clsx(th, 'text-end')}>{t('trade.price')}</th>
              <th className={clsx(th, 'text-end')}>{t('orders.number')}</th>
              {columns.map((label) => (
                <th key={label} className={clsx(th, 'text-end')}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows.map((row) => children(row))}</tbody>
        </table>
        {rows.length === 0 && (
          <p className="px-4 py-10 text-center text-[0.8125rem] text-faint">{page.isPending ? t('common.loading') : emptyText}</p>
        )}
      </div>
      {rows.length > MORE_AFTER_ROWS && (
        <div className="border-t border-line/60 py-2 text-center">
          <button
            type="button"
            data-testid="orders-more"
            disabled={!page.hasMore || page.isLoadingMore}
            onClick={page.loadMore}
            className="rounded px-3 py-1 text-[0.75rem] font-medium text-brand hover:bg-brand-soft disabled:text-faint disabled:hover:bg-transparent"
          >
            {page.isLoadingMore ? t('common.loading') : page.hasMore ? t('orders.more') : t('orders.noMore')}
          </button>
        </div>
      )}
    </>
  );
}
