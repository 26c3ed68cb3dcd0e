import { useState } from 'react';
import type { Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { SearchBox } from '../../components/Filter';
import { Json } from '../../components/Json';
import { PageHeader } from '../../components/PageHeader';

interface LogRow extends Record<string, unknown> {
  id: string;
  operator_email: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

function LogScreen() {
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Operator log">
        <SearchBox label="Action starts with" placeholder="action (user.lock, ledger.…)" value={action} onChange={setAction} />
        <SearchBox label="Target" placeholder="target (user:42, withdrawal:7)" value={target} onChange={setTarget} />
      </PageHeader>
      <DataTable<LogRow>
        label="Operator log"
        path="/operator-log"
        filters={{ action, target }}
        csvName="operator-log"
        pageSize={50}
        rowKey={(row) => row.id}
        columns={[
          { key: 'created_at', label: 'when', render: (row) => new Date(row.created_at).toLocaleString() },
          { key: 'operator_email', label: 'who' },
          { key: 'action', label: 'what' },
          { key: 'target', label: 'target' },
          { key: 'before', label: 'before', render: (row) => <Json value={row.before} /> },
          { key: 'after', label: 'after', render: (row) => <Json value={row.after} /> },
        ]}
      />
    </div>
  );
}

export const logSection: Section = { path: 'log', label: 'Operator log', roles: ['admin'], Screen: LogScreen, group: 'admin' };
