import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';

interface Acceptor {
  id: number;
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
  user_balance: string;
  recharge_rate: string;
  cash_rate: string;
  recharge_amount: string;
  cash_amount: string;
  active: boolean;
}

type Draft = Omit<Acceptor, 'id' | 'currency_name' | 'user_balance' | 'currency_id'> & { user_id: string; currency_id: string };

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
  const { id, currency_name: _name, user_balance: _balance, currency_id, ...rest } = acceptor;
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

function AcceptorsScreen() {
  const { data, error, reload } = useApi<{ items: Acceptor[] }>('/acceptors');
  const role = useOperator().role;
  const editable = role === 'admin' || role === 'support';
  const [editing, setEditing] = useState<Draft>();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Acceptors">
        {editable && (
          <Button size="sm" onClick={() => setEditing({ ...EMPTY })}>
            Appoint an acceptor
          </Button>
        )}
      </PageHeader>
      <ErrorLine error={error} />
      <div className="overflow-x-auto rounded-md border border-line bg-surface">
        <table className="bo-table" aria-label="Acceptors">
          <thead>
            <tr>
              <th>user</th>
              <th>name</th>
              <th>accounts</th>
              <th>fee % in / out</th>
              <th>limits in / out</th>
              <th>available</th>
              <th>active</th>
            </tr>
          </thead>
          <tbody>
            {data?.items.map((acceptor) => (
              <tr
                key={acceptor.id}
                tabIndex={0}
                className={editable ? 'cursor-pointer' : undefined}
                onClick={editable ? () => setEditing(draftOf(acceptor)) : undefined}
                onKeyDown={(event) => event.key === 'Enter' && editable && setEditing(draftOf(acceptor))}
              >
                <td>
                  <Link className="text-brand" to={`/users/${acceptor.id}`} onClick={(event) => event.stopPropagation()}>
                    {acceptor.id}
                  </Link>
                </td>
                <td>{acceptor.name}</td>
                <td>{[acceptor.wechat_account && `WeChat ${acceptor.wechat_account}`, acceptor.ali_account && `Alipay ${acceptor.ali_account}`, acceptor.bank_account && `${acceptor.bank_name} ${acceptor.bank_account}`].filter(Boolean).join(' · ')}</td>
                <td>
                  {acceptor.recharge_rate} / {acceptor.cash_rate}
                </td>
                <td>
                  {acceptor.recharge_amount} / {acceptor.cash_amount}
                </td>
                <td>
                  {acceptor.user_balance} {acceptor.currency_name}
                </td>
                <td>{acceptor.active ? 'yes' : 'no'}</td>
              </tr>
            ))}
            {data && data.items.length === 0 && (
              <tr>
                <td colSpan={7} className="text-muted">
                  Nothing here.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {editing && (
        <AcceptorForm
          key={editing.user_id || 'new'}
          initial={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      )}
    </div>
  );
}

export const acceptorsSection: Section = { path: 'acceptors', label: 'Acceptors', roles: ALL_ROLES, Screen: AcceptorsScreen, group: 'manage' };
