import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction } from '../../api';
import type { Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { ErrorLine } from '../../components/ErrorLine';
import { SelectFilter } from '../../components/Filter';
import { PageHeader } from '../../components/PageHeader';

interface Adjustment extends Record<string, unknown> {
  id: string;
  /** a manual adjustment, or the reset of a user's authenticator (admins approve those) */
  kind: 'adjustment' | 'second_factor_reset';
  requested_by_email: string;
  user_id: number;
  currency: string | null;
  wallet: string | null;
  amount: string | null;
  reason: string;
  status: string;
  created_at: string;
}

/**
 * Manual adjustments above the threshold and resets of users' authenticators: a second operator
 * (not the one who asked) approves or rejects; only an admin approves a reset.
 */
function AdjustmentsScreen() {
  const [status, setStatus] = useState('pending');
  const [version, setVersion] = useState(0);
  const action = useAction();
  const decide = (id: string, decision: 'approve' | 'reject') =>
    void action.run(() => api('POST', `/adjustments/${id}/${decision}`)).then(() => setVersion((value) => value + 1));
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Adjustments to approve">
        <SelectFilter label="Status" value={status} options={['pending', 'approved', 'rejected'].map((value) => ({ value, label: value }))} onChange={setStatus} />
      </PageHeader>
      <ErrorLine error={action.error} />
      <DataTable<Adjustment>
        label="Adjustments"
        path="/adjustments"
        filters={{ status }}
        version={version}
        csvName="adjustments"
        rowKey={(row) => row.id}
        columns={[
          { key: 'id', label: 'id' },
          { key: 'created_at', label: 'asked', render: (row) => new Date(row.created_at).toLocaleString() },
          { key: 'requested_by_email', label: 'asked by' },
          { key: 'user_id', label: 'user', render: (row) => <Link className="text-brand" to={`/users/${row.user_id}`}>{row.user_id}</Link> },
          {
            key: 'amount',
            label: 'what',
            render: (row) => (row.kind === 'second_factor_reset' ? 'reset the authenticator (2FA)' : `${row.amount} ${row.currency} (${row.wallet})`),
          },
          { key: 'reason', label: 'reason' },
          {
            key: 'actions',
            label: '',
            render: (row) =>
              row.status === 'pending' ? (
                <span className="flex gap-2">
                  <Button size="sm" onClick={() => decide(row.id, 'approve')}>
                    Approve
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => decide(row.id, 'reject')}>
                    Reject
                  </Button>
                </span>
              ) : (
                row.status
              ),
          },
        ]}
      />
    </div>
  );
}

export const adjustmentsSection: Section = { path: 'adjustments', label: 'Adjustments', roles: ['admin', 'finance'], Screen: AdjustmentsScreen, group: 'queues' };
