import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { ErrorLine } from '../../components/ErrorLine';
import { SearchBox, SelectFilter } from '../../components/Filter';
import { PageHeader, Panel } from '../../components/PageHeader';

interface Acceptor {
  id: number;
  account: string;
  name: string;
  currency_id: number;
  currency_name: string;
  wechat_nickname: string;
  wechat_account: string;
  ali_nickname: string;
  ali_account: string;
  bank_name: string;
  bank_account: string;
  bank_address: string;
  ways: string[];
  user_balance: string;
  recharge_rate: string;
  cash_rate: string;
  recharge_amount: string;
  cash_amount: string;
  active: boolean;
}

/** A row of the table (the table reads any field by name). */
interface AcceptorRow extends Acceptor, Record<string, unknown> {}

interface Deal extends Record<string, unknown> {
  id: number;
  create_time: string;
  acceptor_id: number;
  acceptor_name: string;
  user_id: number;
  user_account: string;
  type: 'buy' | 'sell';
  way_name: string;
  currency_name: string;
  money: string;
  fee: string;
  coins: string;
  is_sure: number;
}

type Draft = Omit<Acceptor, 'id' | 'account' | 'currency_name' | 'user_balance' | 'currency_id' | 'ways'> & { user_id: string; currency_id: string };

const DEAL_STATES = [
  { value: '', label: 'every state' },
  { value: '0', label: 'open' },
  { value: '3', label: 'paid' },
  { value: '1', label: 'confirmed' },
  { value: '2', label: 'rejected' },
];
const STATE_NAMES: Record<number, string> = { 0: 'open', 1: 'confirmed', 2: 'rejected', 3: 'paid' };

const userLink = (id: number, text: string) => (
  <Link className="text-brand" to={`/users/${id}`} onClick={(event) => event.stopPropagation()}>
    {text}
  </Link>
);

const EMPTY: Draft = {
  user_id: '',
  name: '',
  currency_id: '3',
  wechat_nickname: '',
  wechat_account: '',
  ali_nickname: '',
  ali_account: '',
  bank_name: '',
  bank_account: '',
  bank_address: '',
  recharge_rate: '0',
  cash_rate: '0',
  recharge_amount: '0',
  cash_amount: '0',
  active: true,
};

const TEXT_FIELDS: { key: keyof Draft; label: string }[] = [
  { key: 'name', label: 'Name shown to users' },
  { key: 'currency_id', label: 'Currency id' },
  { key: 'wechat_nickname', label: 'WeChat nickname' },
  { key: 'wechat_account', label: 'WeChat account' },
  { key: 'ali_nickname', label: 'Alipay nickname' },
  { key: 'ali_account', label: 'Alipay account' },
  { key: 'bank_name', label: 'Bank' },
  { key: 'bank_account', label: 'Bank account' },
  { key: 'bank_address', label: 'Bank branch' },
  { key: 'recharge_rate', label: 'Deposit fee %' },
  { key: 'cash_rate', label: 'Withdrawal fee %' },
  { key: 'recharge_amount', label: 'Deposit limit (0 none)' },
  { key: 'cash_amount', label: 'Withdrawal limit (0 none)' },
];

function draftOf(acceptor: Acceptor): Draft {
  const { id, account: _account, currency_name: _name, user_balance: _balance, currency_id, ways: _ways, ...rest } = acceptor;
  return { ...rest, user_id: String(id), currency_id: String(currency_id) };
}

/** Appoints a user as an acceptor, or edits one: payment accounts, fee rates, limits, active. */
function AcceptorForm({ initial, onSaved, onCancel }: { initial: Draft; onSaved: () => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  const action = useAction();
  const editing = initial.user_id !== '';
  const save = () => {
    const { user_id: userId, currency_id: currencyId, ...body } = draft;
    void action.run(() => api('PUT', `/users/${userId}/acceptor`, { ...body, currency_id: Number(currencyId) })).then((done) => done && onSaved());
  };
  return (
    <Panel title={editing ? `Acceptor ${draft.name} (user ${draft.user_id})` : 'Appoint an acceptor'}>
      <form
        className="grid grid-cols-1 gap-2 text-[0.8125rem] md:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {!editing && (
          <label className="flex flex-col gap-1">
            User id
            <input className="bo-input" aria-label="User id" value={draft.user_id} onChange={(event) => setDraft({ ...draft, user_id: event.target.value.replace(/\D/g, '') })} />
          </label>
        )}
        {TEXT_FIELDS.map((field) => (
          <label key={field.key} className="flex flex-col gap-1">
            {field.label}
            <input className="bo-input" aria-label={field.label} value={String(draft[field.key])} onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value.trim() })} />
          </label>
        ))}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.target.checked })} />
          Active (unticked: retired, users no longer see them)
        </label>
        <div className="flex items-center gap-2 md:col-span-3">
          <Button size="sm" type="submit" busy={action.busy} disabled={draft.user_id === '' || draft.name === ''}>
            {editing ? 'Save' : 'Appoint'}
          </Button>
          <Button size="sm" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <ErrorLine error={action.error} />
        </div>
      </form>
    </Panel>
  );
}

/** Every acceptor deal, newest first; filtered by acceptor, user, state and direction. */
function DealsTable({ acceptorId, onAcceptorId }: { acceptorId: string; onAcceptorId: (value: string) => void }) {
  const [userId, setUserId] = useState('');
  const [state, setState] = useState('');
  const [type, setType] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="me-auto text-sm font-semibold">Deals</h2>
        <SearchBox label="Acceptor user id" value={acceptorId} onChange={(value) => onAcceptorId(value.replace(/\D/g, ''))} placeholder="An acceptor’s user id" />
        <SearchBox label="Deal user id" value={userId} onChange={(value) => setUserId(value.replace(/\D/g, ''))} placeholder="A user’s id" />
        <SelectFilter label="Deal type" value={type} options={[{ value: '', label: 'buy and sell' }, { value: 'buy', label: 'user buys' }, { value: 'sell', label: 'user sells' }]} onChange={setType} />
        <SelectFilter label="Deal state" value={state} options={DEAL_STATES} onChange={setState} />
      </div>
      <DataTable<Deal>
        label="Acceptor deals"
        path="/acceptors/deals"
        filters={{ acceptor_id: acceptorId || undefined, user_id: userId || undefined, state, type }}
        csvName="acceptor-deals"
        rowKey={(row) => row.id}
        columns={[
          { key: 'id', label: 'deal' },
          { key: 'create_time', label: 'time' },
          { key: 'acceptor_name', label: 'acceptor', render: (row) => userLink(row.acceptor_id, `${row.acceptor_name} (${row.acceptor_id})`) },
          { key: 'user_account', label: 'user', render: (row) => userLink(row.user_id, row.user_account) },
          { key: 'type', label: 'direction', render: (row) => (row.type === 'buy' ? 'user buys' : 'user sells') },
          { key: 'way_name', label: 'paid by' },
          { key: 'money', label: 'amount', render: (row) => `${row.money} ${row.currency_name}` },
          { key: 'fee', label: 'fee' },
          { key: 'coins', label: 'coins moved' },
          { key: 'is_sure', label: 'state', render: (row) => STATE_NAMES[row.is_sure] ?? String(row.is_sure) },
        ]}
      />
    </div>
  );
}

function AcceptorsScreen() {
  const role = useOperator().role;
  const editable = role === 'admin' || role === 'support';
  const [editing, setEditing] = useState<Draft>();
  const [query, setQuery] = useState('');
  const [state, setState] = useState('');
  const [version, setVersion] = useState(0);
  const [dealsOf, setDealsOf] = useState('');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Acceptors">
        <SearchBox label="Search acceptors" placeholder="name, account or user id  ( / )" value={query} onChange={setQuery} />
        <SelectFilter label="Acceptor state" value={state} options={[{ value: '', label: 'active and retired' }, { value: 'active', label: 'active' }, { value: 'retired', label: 'retired' }]} onChange={setState} />
        {editable && (
          <Button size="sm" onClick={() => setEditing({ ...EMPTY })}>
            Appoint an acceptor
          </Button>
        )}
      </PageHeader>
      <DataTable<AcceptorRow>
        label="Acceptors"
        path="/acceptors"
        filters={{ q: query, state }}
        csvName="acceptors"
        version={version}
        rowKey={(row) => row.id}
        onOpen={editable ? (row) => setEditing(draftOf(row)) : (row) => setDealsOf(String(row.id))}
        columns={[
          { key: 'id', label: 'user', render: (row) => userLink(row.id, `${row.account} (${row.id})`) },
          { key: 'name', label: 'name' },
          {
            key: 'wechat_account',
            label: 'accounts',
            render: (row) => [row.wechat_account && `WeChat ${row.wechat_account}`, row.ali_account && `Alipay ${row.ali_account}`, row.bank_account && `${row.bank_name} ${row.bank_account}`].filter(Boolean).join(' · '),
          },
          { key: 'recharge_rate', label: 'fee % in / out', render: (row) => `${row.recharge_rate} / ${row.cash_rate}` },
          { key: 'recharge_amount', label: 'limits in / out', render: (row) => `${row.recharge_amount} / ${row.cash_amount}` },
          { key: 'user_balance', label: 'available', render: (row) => `${row.user_balance} ${row.currency_name}` },
          { key: 'active', label: 'active' },
          {
            key: 'deals',
            label: 'deals',
            render: (row) => (
              <Button
                size="sm"
                variant="outline"
                onClick={(event) => {
                  event.stopPropagation();
                  setDealsOf(String(row.id));
                }}
              >
                Deals
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <AcceptorForm
          key={editing.user_id || 'new'}
          initial={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            setVersion((value) => value + 1);
          }}
        />
      )}
      <DealsTable acceptorId={dealsOf} onAcceptorId={setDealsOf} />
    </div>
  );
}

export const acceptorsSection: Section = { path: 'acceptors', label: 'Acceptors', roles: ALL_ROLES, Screen: AcceptorsScreen, group: 'manage' };
