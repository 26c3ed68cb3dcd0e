import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { AddressBook } from '../../components/AddressBook';
import { DataTable, type Column } from '../../components/DataTable';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';
import { BalancesTable } from '../../components/BalancesTable';

interface UserDetailData {
  profile: {
    id: number;
    account: string;
    email: string;
    phone: string;
    kind: string;
    review_status: number;
    is_seller: boolean;
    is_region_agent: boolean;
    city_name: string;
    district_name: string;
    locked_until: string | null;
    lock_reason: string;
    has_pay_password: boolean;
    created_at: string;
  };
  balances: { currency_id: number; currency: string; wallet: string; available: string; locked: string }[];
  sessions: { id: number; ip: string; user_agent: string; device: string; place: string; created_at: string; last_seen_at: string | null; expires_at: string; revoked_at: string | null; live: boolean }[];
  second_factor: { bound: boolean; bound_at: string | null; recovery_codes_left: number };
  login_history: { at: string; ip: string; device: string; place: string; result: string }[];
}

type Row = Record<string, unknown>;

const at = (key: string, label: string): Column<Row> => ({ key, label, render: (row) => new Date(String(row[key])).toLocaleString() });
const plain = (pairs: [key: string, label: string][]): Column<Row>[] => pairs.map(([key, label]) => ({ key, label }));

/** The user's records, each a paged table of `/users/:id/<path>` with its CSV export. */
const USER_RECORDS: { title: string; path: string; columns: Column<Row>[] }[] = [
  {
    title: 'Ledger entries',
    path: 'ledger',
    columns: [at('created_at', 'time'), ...plain([['currency', 'currency'], ['wallet', 'wallet'], ['delta_available', 'available ±'], ['delta_locked', 'locked ±'], ['reason', 'reason'], ['reference', 'reference']])],
  },
  {
    title: 'Orders',
    path: 'orders',
    columns: [
      { key: 'id', label: 'id' },
      at('created_at', 'time'),
      ...plain([['pair', 'pair'], ['side', 'side'], ['type', 'type'], ['price', 'price'], ['quantity', 'quantity'], ['filled', 'filled'], ['status', 'status']]),
    ],
  },
  {
    title: 'Lever positions',
    path: 'positions',
    columns: [
      { key: 'id', label: 'id' },
      at('created_at', 'time'),
      ...plain([
        ['pair', 'pair'],
        ['side', 'side'],
        ['status', 'status'],
        ['multiple', 'leverage'],
        ['share_num', 'quantity'],
        ['price', 'open price'],
        ['margin', 'margin'],
        ['take_profit', 'take-profit'],
        ['stop_loss', 'stop-loss'],
        ['close_price', 'close price'],
        ['close_reason', 'closed by'],
        ['profits', 'profit'],
      ]),
    ],
  },
  {
    title: 'Second contracts',
    path: 'contracts',
    columns: [
      { key: 'id', label: 'id' },
      at('opened_at', 'opened'),
      ...plain([
        ['pair', 'pair'],
        ['direction', 'direction'],
        ['seconds', 'seconds'],
        ['number', 'stake'],
        ['currency', 'currency'],
        ['status', 'status'],
        ['open_price', 'open price'],
        ['end_price', 'end price'],
        ['result', 'result'],
        ['fact_profits', 'profit'],
      ]),
    ],
  },
];

function Actions({ user, authenticatorBound, onChanged }: { user: UserDetailData['profile']; authenticatorBound: boolean; onChanged: () => void }) {
  const me = useOperator();
  const action = useAction();
  const [reason, setReason] = useState('');
  const [resetReason, setResetReason] = useState('');
  const [resetAsked, setResetAsked] = useState<number>();
  const [city, setCity] = useState(user.city_name);
  const [district, setDistrict] = useState(user.district_name);
  const run = (method: 'POST' | 'DELETE', path: string, body?: object) => void action.run(() => api(method, `/users/${user.id}${path}`, body)).then((done) => done && onChanged());
  if (me.role !== 'admin' && me.role !== 'support') return null;
  const locked = user.locked_until !== null && new Date(user.locked_until) > new Date();
  return (
    <Panel title="Actions">
      <div className="flex flex-col gap-3 text-[0.8125rem]">
        <div className="flex flex-wrap items-center gap-2">
          {locked ? (
            <Button size="sm" onClick={() => run('POST', '/unlock')}>
              Unlock
            </Button>
          ) : (
            <>
              <input aria-label="Lock reason" className="bo-input w-64" placeholder="Reason for the lock" value={reason} onChange={(event) => setReason(event.target.value)} />
              <Button size="sm" variant="outline" onClick={() => run('POST', '/lock', { reason })}>
                Lock
              </Button>
            </>
          )}
          <Button size="sm" variant="secondary" onClick={() => run('POST', '/seller', { is_seller: !user.is_seller })}>
            {user.is_seller ? 'Remove seller' : 'Make seller'}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <input aria-label="City" className="bo-input w-40" placeholder="City" value={city} onChange={(event) => setCity(event.target.value)} />
          <input aria-label="District" className="bo-input w-40" placeholder="District" value={district} onChange={(event) => setDistrict(event.target.value)} />
          <Button size="sm" variant="secondary" disabled={city.trim() === ''} onClick={() => run('POST', '/region-agent', { city_name: city.trim(), district_name: district.trim() })}>
            Make region agent
          </Button>
          {user.is_region_agent && (
            <Button size="sm" variant="outline" onClick={() => run('DELETE', '/region-agent')}>
              Remove region agent
            </Button>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" data-testid="end-user-sessions" onClick={() => run('POST', '/sessions/end')}>
            End all sessions
          </Button>
          {authenticatorBound && (
            <>
              <input aria-label="Authenticator reset reason" className="bo-input w-72" placeholder="How the user's identity was checked" value={resetReason} onChange={(event) => setResetReason(event.target.value)} />
              <Button
                size="sm"
                variant="outline"
                disabled={resetReason.trim() === ''}
                onClick={() =>
                  void action
                    .run(async () => setResetAsked((await api<{ pending_approval: number }>('POST', `/users/${user.id}/second-factor/reset`, { reason: resetReason.trim() })).pending_approval))
                    .then((done) => done && onChanged())
                }
              >
                Ask to reset the authenticator
              </Button>
            </>
          )}
          {resetAsked !== undefined && <span className="text-up">Waiting for a second operator, an admin (request {resetAsked}).</span>}
        </div>
        <ErrorLine error={action.error} />
      </div>
    </Panel>
  );
}

/** A manual credit (positive) or debit (negative) with a reason; above the threshold it waits for a second operator. */
function Adjustment({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const me = useOperator();
  const action = useAction();
  const [currency, setCurrency] = useState('3');
  const [wallet, setWallet] = useState('change');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<string>();
  if (me.role !== 'admin' && me.role !== 'finance') return null;
  const submit = () =>
    void action
      .run(async () => {
        const reply = await api<{ applied: boolean; available: string; pending_approval?: number }>('POST', `/users/${userId}/credit`, {
          currency_id: Number(currency),
          wallet,
          amount: amount.trim(),
          reason: reason.trim(),
        });
        setResult(reply.pending_approval ? `Waiting for a second operator (request ${reply.pending_approval}).` : `Applied: available ${reply.available}.`);
      })
      .then((done) => done && onChanged());
  return (
    <Panel title="Manual credit or debit">
      <div className="flex flex-wrap items-center gap-2 text-[0.8125rem]">
        <input aria-label="Currency id" className="bo-input w-24" value={currency} onChange={(event) => setCurrency(event.target.value)} />
        <select aria-label="Wallet" className="bo-input" value={wallet} onChange={(event) => setWallet(event.target.value)}>
          {['legal', 'change', 'lever', 'micro'].map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
        <input aria-label="Amount" className="bo-input w-40" placeholder="amount (negative debits)" value={amount} onChange={(event) => setAmount(event.target.value)} />
        <input aria-label="Adjustment reason" className="bo-input w-72" placeholder="Reason (required)" value={reason} onChange={(event) => setReason(event.target.value)} />
        <Button size="sm" busy={action.busy} disabled={!amount.trim() || !reason.trim()} onClick={submit}>
          Apply
        </Button>
      </div>
      {result && <p className="mt-2 text-[0.8125rem] text-up">{result}</p>}
      <ErrorLine error={action.error} />
    </Panel>
  );
}

export function UserDetail() {
  const userId = Number(useParams().userId);
  const { data, error, reload } = useApi<UserDetailData>(`/users/${userId}`);
  const [version, setVersion] = useState(0);
  const changed = () => {
    reload();
    setVersion((value) => value + 1);
  };
  if (error) return <ErrorLine error={error} />;
  if (!data) return <p className="text-muted">Loading…</p>;
  const user = data.profile;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={`User ${user.id}: ${user.account}`}>
        <Link to="/users" className="text-[0.8125rem] text-brand">
          ← all users
        </Link>
      </PageHeader>
      <Panel title="Profile">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-[0.8125rem] md:grid-cols-4" data-testid="user-profile">
          <dt className="text-muted">e-mail</dt>
          <dd>{user.email}</dd>
          <dt className="text-muted">phone</dt>
          <dd>{user.phone}</dd>
          <dt className="text-muted">identity</dt>
          <dd>{['not submitted', 'under review', 'verified'][user.review_status] ?? user.review_status}</dd>
          <dt className="text-muted">registered</dt>
          <dd>{new Date(user.created_at).toLocaleString()}</dd>
          <dt className="text-muted">seller</dt>
          <dd>{user.is_seller ? 'yes' : 'no'}</dd>
          <dt className="text-muted">region agent</dt>
          <dd>{user.is_region_agent ? `${user.city_name} ${user.district_name}` : 'no'}</dd>
          <dt className="text-muted">locked</dt>
          <dd>{user.locked_until ? `until ${new Date(user.locked_until).toLocaleString()} (${user.lock_reason})` : 'no'}</dd>
          <dt className="text-muted">fund password</dt>
          <dd>{user.has_pay_password ? 'set' : 'not set'}</dd>
          <dt className="text-muted">authenticator (2FA)</dt>
          <dd data-testid="user-second-factor">
            {data.second_factor.bound && data.second_factor.bound_at
              ? `bound ${new Date(data.second_factor.bound_at).toLocaleString()}, ${data.second_factor.recovery_codes_left} recovery codes left`
              : 'not bound'}
          </dd>
        </dl>
      </Panel>
      <Actions user={user} authenticatorBound={data.second_factor.bound} onChanged={changed} />
      <Panel title="Wallets">
        <BalancesTable label="Wallets" rows={data.balances} />
      </Panel>
      <Adjustment userId={user.id} onChanged={changed} />
      {USER_RECORDS.map((table) => (
        <Panel key={table.path} title={table.title}>
          <DataTable
            label={table.title}
            path={`/users/${user.id}/${table.path}`}
            version={version}
            csvName={`${table.path}-${user.id}`}
            rowKey={(row) => String(row.id)}
            columns={table.columns}
          />
        </Panel>
      ))}
      <Panel title="Sessions and devices">
        <table className="bo-table" aria-label="Sessions">
          <thead>
            <tr>
              <th>opened</th>
              <th>last seen</th>
              <th>address</th>
              <th>place</th>
              <th>device</th>
              <th>ends</th>
              <th>state</th>
            </tr>
          </thead>
          <tbody>
            {data.sessions.map((row) => (
              <tr key={row.id}>
                <td>{new Date(row.created_at).toLocaleString()}</td>
                <td>{row.last_seen_at ? new Date(row.last_seen_at).toLocaleString() : ''}</td>
                <td>{row.ip}</td>
                <td>{row.place}</td>
                <td className="max-w-md truncate" title={row.user_agent}>
                  {row.device || row.user_agent}
                </td>
                <td>{new Date(row.expires_at).toLocaleString()}</td>
                <td>{row.live ? 'live' : row.revoked_at ? `ended ${new Date(row.revoked_at).toLocaleString()}` : 'expired'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel title="Login history (90 days, newest 50)">
        <table className="bo-table" aria-label="Login history" data-testid="user-login-history">
          <thead>
            <tr>
              <th>time</th>
              <th>address</th>
              <th>place</th>
              <th>device</th>
              <th>result</th>
            </tr>
          </thead>
          <tbody>
            {data.login_history.map((row, index) => (
              <tr key={`${row.at}-${index}`}>
                <td>{new Date(row.at).toLocaleString()}</td>
                <td>{row.ip}</td>
                <td>{row.place}</td>
                <td>{row.device}</td>
                <td>{row.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel title="Withdrawal address book">
        <AddressBook userId={user.id} />
      </Panel>
    </div>
  );
}
