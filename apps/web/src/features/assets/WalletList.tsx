import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../../components/Num';
import { convertedValue, type WalletRow } from '../../lib/wallet';
import { ListState } from './common';

interface WalletListProps {
  rows: readonly WalletRow[];
  /** Shows the "converted to USD" column (legal list). */
  converted?: boolean;
  /** The actions of a row (buttons); none for a read-only list. */
  actions?(row: WalletRow): ReactNode;
  /** The panel open under a row, if any. */
  panel?(row: WalletRow): ReactNode;
  busy?: boolean;
  label: string;
}

const th = 'px-4 py-2.5 text-[0.75rem] font-medium text-faint whitespace-nowrap';
const td = 'px-4 py-3.5 whitespace-nowrap';

/**
 * The asset list of a wallet: currency, available, frozen (and the converted value), the row's
 * actions, and under a row the panel its actions opened. Each currency is one `<tbody>`
 * (`wallet-row`: `data-currency`, `data-available`, `data-frozen`) holding its row and its panel,
 * so the columns line up and a test finds a row's panel inside the row.
 */
export function WalletList({ rows, converted = false, actions, panel, busy = false, label }: WalletListProps) {
  const { t } = useTranslation();
  const columns = 3 + (converted ? 1 : 0) + (actions ? 1 : 0);
  if (rows.length === 0) return <ListState busy={busy} text={t('assets.noAssets')} />;
  return (
    // The scroll box is a size container: an open panel keeps to its visible width (100cqw) and
    // stays in view (sticky) while a narrow screen scrolls the columns sideways.
    <div className="@container overflow-x-auto">
      <table aria-label={label} className={clsx('w-full text-[0.8125rem]', converted ? 'min-w-[46rem]' : 'min-w-[38rem]')}>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={clsx(th, 'sticky start-0 z-[1] bg-surface text-start sm:ps-6')}>
              {t('assets.currency')}
            </th>
            <th scope="col" className={clsx(th, 'text-end')}>
              {t('assets.available')}
            </th>
            <th scope="col" className={clsx(th, 'text-end')}>
              {t('assets.frozen')}
            </th>
            {converted && (
              <th scope="col" className={clsx(th, 'text-end')}>
                {t('assets.convertedUsd')}
              </th>
            )}
            {actions && (
              <th scope="col" className={clsx(th, 'text-end sm:pe-6')}>
                {t('assets.actions')}
              </th>
            )}
          </tr>
        </thead>
        {rows.map((row) => {
          const opened = panel?.(row);
          return (
            <tbody
              key={row.currency}
              data-testid="wallet-row"
              data-currency={row.name}
              data-currency-id={row.currency}
              data-available={row.available}
              data-frozen={row.frozen}
              className="border-b border-line last:border-b-0"
            >
              <tr>
                <th scope="row" className={clsx(td, 'sticky start-0 z-[1] bg-surface text-start font-semibold text-fg sm:ps-6')}>
                  {row.name}
                </th>
                <td className={clsx(td, 'text-end')}>
                  <Num className="text-fg">{row.available}</Num>
                </td>
                <td className={clsx(td, 'text-end')}>
                  <Num className="text-muted">{row.frozen}</Num>
                </td>
                {converted && (
                  <td className={clsx(td, 'text-end')}>
                    <Num className="text-muted">≈ {convertedValue(row.available, row.frozen, row.usdtPrice)}</Num>
                  </td>
                )}
                {actions && (
                  <td className={clsx(td, 'py-2.5 text-end sm:pe-6')}>
                    <span className="inline-flex flex-wrap justify-end gap-1">{actions(row)}</span>
                  </td>
                )}
              </tr>
              {opened && (
                <tr>
                  <td colSpan={columns} className="border-t border-line/60 bg-canvas/40 p-0 whitespace-normal">
                    <div className="sticky start-0 w-[100cqw] px-4 py-4 sm:px-6">{opened}</div>
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/** A row action: a small text button; for a toggle it shows whether its panel is open. */
export function RowAction({
  children,
  onClick,
  active,
  testId,
}: {
  children: ReactNode;
  onClick(): void;
  /** For a toggle: whether its panel is open. */
  active?: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={active}
      data-testid={testId}
      className={clsx(
        'rounded px-2 py-1 text-[0.8125rem] font-medium transition-colors',
        active ? 'bg-brand-soft text-brand' : 'text-brand hover:bg-brand-soft',
      )}
    >
      {children}
    </button>
  );
}
