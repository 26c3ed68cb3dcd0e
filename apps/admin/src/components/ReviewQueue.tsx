import { useState, type ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { PageHeader } from './PageHeader';

interface ReviewQueueProps<Row> {
  title: string;
  /** beside the title: the queue's filters or settings */
  controls?: ReactNode;
  table: Omit<DataTableProps<Row>, 'rowKey' | 'onOpen' | 'version'>;
  /** the review of the opened row; `done` closes it and reloads the queue */
  review: (row: Row, done: () => void) => ReactNode;
}

/** A queue an operator works through: a paged table whose row opens its review below, reloaded once the review acts. */
export function ReviewQueue<Row extends Record<string, unknown> & { id: string | number }>({ title, controls, table, review }: ReviewQueueProps<Row>) {
  const [selected, setSelected] = useState<Row>();
  const [version, setVersion] = useState(0);
  const done = () => {
    setSelected(undefined);
    setVersion((value) => value + 1);
  };
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={title}>{controls}</PageHeader>
      <DataTable<Row> {...table} version={version} rowKey={(row) => row.id} onOpen={setSelected} />
      {selected && <div key={selected.id}>{review(selected, done)}</div>}
    </div>
  );
}
