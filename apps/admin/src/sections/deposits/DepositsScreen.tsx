import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ReviewQueue } from '../../components/ReviewQueue';
import { ErrorLine } from '../../components/ErrorLine';
import { SelectFilter } from '../../components/Filter';
import { Panel } from '../../components/PageHeader';

interface Deposit extends Record<string, unknown> {
  id: number;
  user_id: number;
  user_account: string;
  currency_name: string;
  network: string;
  amount: string;
  hash: string;
  output_index: number;
  to_address: string;
  from_account: string;
  proof_url: string;
  status: number;
  source: string;
  review_note: string;
  created_time: string;
}

const STATUS = [
  { value: '0', label: 'pending' },
  { value: '1', label: 'confirmed' },
  { value: '2', label: 'rejected or superseded' },
  { value: '', label: 'all' },
];

/** Check the output on chain, then credit it (the output index must be the claim's), or reject the claim. */
function Review({ row, onDone }: { row: Deposit; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [outputIndex, setOutputIndex] = useState(String(row.output_index ?? 0));
  const [reason, setReason] = useState('');
  const action = useAction();
  const me = useOperator();
  const done = (ok: boolean) => ok && onDone();
  return (
    <Panel title={`Deposit ${row.id}`}>
      <dl className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1 text-[0.8125rem] md:grid-cols-4">
        <dt className="text-muted">user</dt>
        <dd>
          <Link className="text-brand" to={`/users/${row.user_id}`}>
            {row.user_account} ({row.user_id})
          </Link>
        </dd>
        <dt className="text-muted">claimed</dt>
        <dd>
          {row.amount} {row.currency_name} on {row.network}
        </dd>
        <dt className="text-muted">transaction</dt>
        <dd className="font-mono break-all">
          {row.hash} #{row.output_index}
        </dd>
        <dt className="text-muted">to address</dt>
        <dd className="font-mono break-all">{row.to_address}</dd>
      </dl>
      {row.proof_url && <img src={row.proof_url} alt="proof of payment" className="mb-3 max-h-96 rounded border border-line" />}
      {row.status === 0 && (
        <div className="flex flex-wrap items-center gap-2">
          {(me.role === 'admin' || me.role === 'finance') && (
            <>
              <input aria-label="Output index" className="bo-input w-24" value={outputIndex} onChange={(event) => setOutputIndex(event.target.value)} />
              <input aria-label="Amount seen on chain" className="bo-input w-40" placeholder={`amount (${row.amount})`} value={amount} onChange={(event) => setAmount(event.target.value)} />
              <Button
                size="sm"
                busy={action.busy}
                onClick={() => void action.run(() => api('POST', `/deposits/${row.id}/confirm`, { output_index: Number(outputIndex), ...(amount.trim() ? { amount: amount.trim() } : {}) })).then(done)}
              >
                Credit
              </Button>
            </>
          )}
          {me.role !== 'support' && (
            <>
              <input aria-label="Reason" className="bo-input w-64" placeholder="Reason" value={reason} onChange={(event) => setReason(event.target.value)} />
              <Button size="sm" variant="outline" busy={action.busy} onClick={() => void action.run(() => api('POST', `/deposits/${row.id}/reject`, { reason })).then(done)}>
                Reject
              </Button>
            </>
          )}
        </div>
      )}
      <ErrorLine error={action.error} />
    </Panel>
  );
}

function DepositsScreen() {
  const [status, setStatus] = useState('0');
  return (
    <ReviewQueue<Deposit>
      title="Deposits"
      controls={<SelectFilter label="Status" value={status} options={STATUS} onChange={setStatus} />}
      table={{
        label: 'Deposits',
        path: '/deposits',
        filters: { status },
        csvName: 'deposits',
        columns: [
          { key: 'id', label: 'id' },
          { key: 'created_time', label: 'time' },
          { key: 'user_account', label: 'user' },
          { key: 'currency_name', label: 'currency' },
          { key: 'amount', label: 'amount' },
          { key: 'network', label: 'network' },
          { key: 'source', label: 'source' },
          { key: 'hash', label: 'transaction' },
        ],
      }}
      review={(row, done) => <Review row={row} onDone={done} />}
    />
  );
}

export const depositsSection: Section = { path: 'deposits', label: 'Deposits', roles: ALL_ROLES, Screen: DepositsScreen, group: 'queues' };
