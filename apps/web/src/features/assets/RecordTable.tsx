import { clsx } from 'clsx';
import { Fragment, type ReactNode } from 'react';
import { Num } from '../../components/Num';
import { displayServerTime } from '../../lib/format';
import { ListState } from './common';

export const th = 'px-3 py-2 text-[0.75rem] font-medium text-faint whitespace-nowrap';
export const td = 'px-3 py-2.5 whitespace-nowrap';

export interface RecordColumn {
  label: string;
  /** Aligned to the end (figures, status); to the start otherwise. */
  end?: boolean;
}

interface RecordTableProps<Row extends { id: number }> {
  rows: readonly Row[];
  busy: boolean;
  /** Shown when there are no rows and none are loading. */
  empty: string;
  testId: string;
  /** The table's minimum width (a literal Tailwind class, e.g. `min-w-[36rem]`): narrow screens scroll it sideways. */
  minWidth: string;
  /** The header cells; a column left out (`false`) is not shown. */
  columns: readonly (RecordColumn | false)[];
  /** The `<tr>` of one record. */
  row(row: Row): ReactNode;
}

/** The frame of the record lists (ledger, deposits, withdrawals): empty/loading state, header, rows. */
export function RecordTable<Row extends { id: number }>({ rows, busy, empty, testId, minWidth, columns, row }: RecordTableProps<Row>) {
  if (rows.length === 0) return <ListState busy={busy} text={empty} />;
  return (
    <div className="overflow-x-auto">
      <table className={clsx('w-full text-[0.8125rem]', minWidth)} data-testid={testId}>
        <thead>
          <tr className="border-b border-line">
            {columns.map(
              (column) =>
                column && (
                  <th key={column.label} scope="col" className={clsx(th, column.end ? 'text-end' : 'text-start')}>
                    {column.label}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {rows.map((record) => (
            <Fragment key={record.id}>{row(record)}</Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** When a record was made, in local time. */
export function TimeCell({ time, className }: { time: string; className?: string }) {
  return (
    <td className={clsx(td, 'text-muted', className)}>
      <Num>{displayServerTime(time)}</Num>
    </td>
  );
}

/** The currency, with the USDT network after it when there is one. */
export function CurrencyCell({ name, network }: { name: string; network: string }) {
  return (
    <td className={clsx(td, 'text-fg')}>
      {name}
      {network && <span className="ms-1 text-faint">{network}</span>}
    </td>
  );
}

/** A long left-to-right string (a hash, an address), cut short with the whole of it in the tooltip. */
export function LongTextCell({ value, fallback = value }: { value: string; fallback?: string }) {
  return (
    <td className={clsx(td, 'max-w-[12rem] truncate text-muted')} title={value}>
      <bdi dir="ltr">{value || fallback}</bdi>
    </td>
  );
}

/** A review state, coloured by its tone. */
export function StatusCell({ tone, children }: { tone: string; children: ReactNode }) {
  return <td className={clsx(td, 'text-end font-medium', tone)}>{children}</td>;
}
