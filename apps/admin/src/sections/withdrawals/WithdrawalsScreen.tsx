import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { AddressBook } from '../../components/AddressBook';
import { ReviewQueue } from '../../components/ReviewQueue';
import { ErrorLine } from '../../components/ErrorLine';
import { SelectFilter } from '../../components/Filter';
import { Panel } from '../../components/PageHeader';
import { LevelLimits } from './LevelLimits';

interface Withdrawal extends Record<string, unknown> {
  id: number;
  user_id: number;
  user_account: string;
  currency_name: string;
  number: string;
  fee: string;
  received: string;
  address: string;
  network: string;
  state: string;
  tx_hash: string;
  note: string;
  created_time: string;
}

const STATES = ['applying', 'approved', 'success', 'failed', 'rejected'];

/** The review steps: applying → approved (or rejected) → on chain: success (with its hash) or failure. */
function Review({ row, onDone }: { row: Withdrawal; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [hash, setHash] = useState('');
  const action = useAction();
  const me = useOperator();
  const review = me.role !== 'support';
  const money = me.role === 'admin' || me.role === 'finance';
  const step = (path: string, body: object) => void action.run(() => api('POST', `/withdrawals/${row.id}/${path}`, body)).then((done) => done && onDone());
  return (
    <Panel title={`Withdrawal ${row.id}`}>
      <dl className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1 text-[0.8125rem] md:grid-cols-4">
        <dt className="text-muted">user</dt>
        <dd>
          <Link className="text-brand" to={`/users/${row.user_id}`}>
            {row.user_account} ({row.user_id})
          </Link>
        </dd>
        <dt className="text-muted">amount</dt>
        <dd>
          {row.number} {row.currency_name} (fee {row.fee}, receives {row.received})
        </dd>
        <dt className="text-muted">to</dt>
        <dd className="font-mono break-all">
          {row.address} ({row.network})
        </dd>
        <dt className="text-muted">state</dt>
        <dd data-testid="withdrawal-state">{row.state}</dd>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {row.state === 'applying' && review && (
          <>
            <Button size="sm" busy={action.busy} onClick={() => step('approve', { reason })}>
              Approve
            </Button>
            <Button size="sm" variant="outline" busy={action.busy} disabled={reason.trim() === ''} onClick={() => step('reject', { reason })}>
              Reject
            </Button>
            <input aria-label="Reason" className="bo-input w-72" placeholder="Reason (for a rejection)" value={reason} onChange={(event) => setReason(event.target.value)} />
          </>
        )}
        {row.state === 'approved' && money && (
          <>
            <input aria-label="Transaction hash" className="bo-input w-96 font-mono" placeholder="Transaction hash on chain" value={hash} onChange={(event) => setHash(event.target.value)} />
            <Button size="sm" busy={action.busy} disabled={hash.trim() === ''} onClick={() => step('chain-success', { tx_hash: hash.trim() })}>
              Sent on chain
            </Button>
            <Button size="sm" variant="outline" busy={action.busy} onClick={() => step('chain-failure', { reason })}>
              Failed on chain
            </Button>
          </>
        )}
      </div>
      <ErrorLine error={action.error} />
      <h3 className="mt-4 mb-2 text-[0.8125rem] font-semibold">The user’s address book</h3>
      <AddressBook userId={row.user_id} highlight={row.address} />
    </Panel>
  );
}

function WithdrawalsScreen() {
  const [state, setState] = useState('applying');
  return (
    <div className="flex flex-col gap-4">
      <ReviewQueue<Withdrawal>
        title="Withdrawals"
        controls={<SelectFilter label="State" value={state} options={[{ value: '', label: 'all' }, ...STATES.map((value) => ({ value, label: value }))]} onChange={setState} />}
        table={{
          label: 'Withdrawals',
          path: '/withdrawals',
          filters: { status: state },
          csvName: 'withdrawals',
          columns: [
            { key: 'id', label: 'id' },
            { key: 'created_time', label: 'time' },
            { key: 'user_account', label: 'user' },
            { key: 'currency_name', label: 'currency' },
            { key: 'number', label: 'amount' },
            { key: 'network', label: 'network' },
            { key: 'address', label: 'address' },
            { key: 'state', label: 'state' },
          ],
        }}
        review={(row, done) => <Review row={row} onDone={done} />}
      />
      <LevelLimits />
    </div>
  );
}

export const withdrawalsSection: Section = { path: 'withdrawals', label: 'Withdrawals', roles: ALL_ROLES, Screen: WithdrawalsScreen, group: 'queues' };
