import { useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction, useApi, type Role } from '../../api';
import type { Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';

interface Operator {
  id: number;
  email: string;
  role: Role;
  totp: boolean;
  disabled: boolean;
  created_at: string;
}

const ROLES: Role[] = ['admin', 'reviewer', 'support', 'finance'];

/** What each role may do; the server checks the same on every call (docs/back-office.md). */
const ROLE_NOTES: Record<Role, string> = {
  admin: 'everything, including operators, markets and settings',
  reviewer: 'identity checks; withdrawal and deposit review steps that move no money',
  support: 'users (lock, seller, region agent) and content',
  finance: 'money: credit deposits, settle withdrawals, adjustments and their approvals, the audit',
};

function OperatorsScreen() {
  const { data, error, reload } = useApi<{ list: Operator[] }>('/operators');
  const action = useAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('reviewer');
  const update = (id: number, change: object) => void action.run(() => api('PUT', `/operators/${id}`, change)).then((done) => done && reload());
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Operators and roles" />
      <ErrorLine error={error ?? action.error} />
      <div className="overflow-x-auto rounded-md border border-line bg-surface">
        <table className="bo-table" aria-label="Operators">
          <thead>
            <tr>
              <th>e-mail</th>
              <th>role</th>
              <th>two-factor</th>
              <th>state</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.list.map((row) => (
              <tr key={row.id}>
                <td>{row.email}</td>
                <td>
                  <select aria-label={`Role of ${row.email}`} className="bo-input" value={row.role} onChange={(event) => update(row.id, { role: event.target.value })}>
                    {ROLES.map((value) => (
                      <option key={value}>{value}</option>
                    ))}
                  </select>
                </td>
                <td>{row.totp ? 'on' : 'not enrolled'}</td>
                <td>{row.disabled ? 'disabled' : 'active'}</td>
                <td className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => update(row.id, { disabled: !row.disabled })}>
                    {row.disabled ? 'Enable' : 'Disable'}
                  </Button>
                  {row.totp && (
                    <Button size="sm" variant="ghost" onClick={() => void action.run(() => api('POST', `/operators/${row.id}/reset-totp`)).then((done) => done && reload())}>
                      Reset two-factor
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Panel title="Add an operator">
        <div className="flex flex-wrap items-center gap-2 text-[0.8125rem]">
          <input aria-label="New operator e-mail" className="bo-input w-64" placeholder="e-mail" value={email} onChange={(event) => setEmail(event.target.value)} />
          <input aria-label="New operator password" type="password" className="bo-input w-56" placeholder="first password (12+ characters)" value={password} onChange={(event) => setPassword(event.target.value)} />
          <select aria-label="New operator role" className="bo-input" value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
          <Button
            size="sm"
            busy={action.busy}
            onClick={() =>
              void action.run(() => api('POST', '/operators', { email, password, role })).then((done) => {
                if (!done) return;
                setEmail('');
                setPassword('');
                reload();
              })
            }
          >
            Add
          </Button>
        </div>
      </Panel>
      <Panel title="Roles">
        <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-[0.8125rem]">
          {ROLES.map((value) => (
            <div key={value} className="contents">
              <dt className="font-medium">{value}</dt>
              <dd className="text-muted">{ROLE_NOTES[value]}</dd>
            </div>
          ))}
        </dl>
      </Panel>
    </div>
  );
}

export const operatorsSection: Section = { path: 'operators', label: 'Operators and roles', roles: ['admin'], Screen: OperatorsScreen, group: 'admin' };
