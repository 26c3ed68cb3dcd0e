import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@web/components/Button';
import { downloadCsv, useApi, type Page, type Query } from '../api';
import { ErrorLine } from './ErrorLine';

export interface Column<Row> {
  key: string;
  label: string;
  render?: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  /** the operator API path of the table; it pages (`page`, `limit`) and exports (`format=csv`) */
  path: string;
  /** the filters, sent as query parameters; a change goes back to the first page */
  filters?: Query;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Enter on a focused row, or a click on it */
  onOpen?: (row: Row) => void;
  /** the CSV file's name; without it there is no export */
  csvName?: string;
  pageSize?: number;
  /** bump to reload after an action */
  version?: number;
  label: string;
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

/**
 * A table paged and filtered on the server. Keyboard: ↑ ↓ move between rows, Enter opens one,
 * PageDown / PageUp (or ] and [) turn pages; the CSV button exports every row of the filter.
 */
export function DataTable<Row extends Record<string, unknown>>({ path, filters, columns, rowKey, onOpen, csvName, pageSize = 20, version = 0, label }: DataTableProps<Row>) {
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filters ?? {});
  useEffect(() => setPage(1), [filterKey]);
  const { data, error, loading, reload } = useApi<Page<Row>>(path, { ...filters, page, limit: pageSize });
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  const pages = Math.max(data?.pages ?? 1, 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'PageDown' || event.key === ']') {
      event.preventDefault();
      setPage((value) => Math.min(value + 1, pages));
    } else if (event.key === 'PageUp' || event.key === '[') {
      event.preventDefault();
      setPage((value) => Math.max(value - 1, 1));
    } else if (target.tagName === 'TR' && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? target.nextElementSibling : target.previousElementSibling;
      (next as HTMLElement | null)?.focus();
    } else if (target.tagName === 'TR' && event.key === 'Enter' && onOpen) {
      const index = Number(target.dataset.index);
      const row = data?.list[index];
      if (row) onOpen(row);
    }
  };

  return (
    <div className="flex flex-col gap-2" onKeyDown={onKeyDown}>
      <div className="overflow-x-auto rounded-md border border-line bg-surface">
        <table className="bo-table" aria-label={label} aria-busy={loading}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key}>{column.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.list.map((row, index) => (
              <tr
                key={rowKey(row)}
                tabIndex={0}
                data-index={index}
                onClick={onOpen ? () => onOpen(row) : undefined}
                className={onOpen ? 'cursor-pointer' : undefined}
              >
                {columns.map((column) => (
                  <td key={column.key}>{column.render ? column.render(row) : cellText(row[column.key])}</td>
                ))}
              </tr>
            ))}
            {data && data.list.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="text-muted">
                  Nothing here.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <ErrorLine error={error} />
      <div className="flex items-center gap-3 text-[0.8125rem] text-muted">
        <Button size="sm" variant="secondary" onClick={() => setPage((value) => Math.max(value - 1, 1))} disabled={page <= 1} aria-label="Previous page">
          ‹
        </Button>
        <span data-testid="table-page">
          page {page} of {pages} · {data?.total ?? 0} rows
        </span>
        <Button size="sm" variant="secondary" onClick={() => setPage((value) => Math.min(value + 1, pages))} disabled={page >= pages} aria-label="Next page">
          ›
        </Button>
        {csvName && (
          <Button size="sm" variant="outline" className="ms-auto" onClick={() => void downloadCsv(path, filters ?? {}, csvName)}>
            Export CSV
          </Button>
        )}
      </div>
    </div>
  );
}
