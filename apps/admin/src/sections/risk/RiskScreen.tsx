import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { useApi } from '../../api';
import { ALL_ROLES, type Section } from '../../app/section';
import { DataTable } from '../../components/DataTable';
import { ErrorLine } from '../../components/ErrorLine';
import { SearchBox } from '../../components/Filter';
import { PageHeader, Panel } from '../../components/PageHeader';

interface RiskSummary {
  lever: {
    liquidation_rate: string;
    accounts_holding: number;
    house_exposure: { currency: string; positions: number; margin: string; users_unrealised: string }[];
  };
  micro: { currency: string; running: number; stake: string; reserve: string; next_expiry: string | null }[];
}

interface LeverAccount extends Record<string, unknown> {
  user_id: number;
  account: string;
  currency: string;
  positions: number;
  risk_rate: string;
  equity: string;
  margin: string;
  unrealised: string;
  available: string;
  liquidation_marks: { pair_id: number; symbol: string; mark: string }[];
}

interface Contract extends Record<string, unknown> {
  id: number;
  user_id: number;
  account: string;
  symbol: string;
  currency: string;
  direction: 'up' | 'down';
  seconds: number;
  stake: string;
  reserve: string;
  open_price: string;
  expires_at: string;
}

/** Displayed figures are floored to two decimals (text arithmetic: no rounding up). */
const two = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

const userLink = (id: number, text: string) => (
  <Link className="text-brand" to={`/users/${id}`} onClick={(event) => event.stopPropagation()}>
    {text}
  </Link>
);

/** A summary of one row per currency: short, so not paged. */
function SummaryTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-surface">
      <table className="bo-table" aria-label={label}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell}>{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} tabIndex={0}>
              {row.map((cell, at) => (
                <td key={at}>{cell}</td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={head.length} className="text-muted">
                Nothing here.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Read only: lever accounts nearest liquidation and running second contracts (paged on the server,
 * filtered, CSV), the house's exposure and the contracts per currency (summaries).
 */
function RiskScreen() {
  const [version, setVersion] = useState(0);
  const { data, error, loading, reload } = useApi<RiskSummary>('/risk');
  const [account, setAccount] = useState('');
  const [contractUser, setContractUser] = useState('');
  const refresh = () => {
    reload();
    setVersion((value) => value + 1);
  };
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Risk">
        <Button size="sm" variant="secondary" busy={loading} onClick={refresh}>
          Refresh
        </Button>
      </PageHeader>
      <ErrorLine error={error} />
      <Panel title={data ? `Leverage: accounts nearest liquidation (liquidated at ${data.lever.liquidation_rate} %; ${data.lever.accounts_holding} accounts hold positions)` : 'Leverage: accounts nearest liquidation'}>
        <div className="mb-2 flex justify-end">
          <SearchBox label="Search lever accounts" placeholder="account or user id  ( / )" value={account} onChange={setAccount} />
        </div>
        <DataTable<LeverAccount>
          label="Nearest liquidation"
          path="/risk/lever-accounts"
          filters={{ q: account }}
          csvName="lever-accounts"
          version={version}
          rowKey={(row) => `${row.user_id}-${row.currency}`}
          columns={[
            { key: 'account', label: 'user', render: (row) => userLink(row.user_id, `${row.account} (${row.user_id})`) },
            { key: 'currency', label: 'currency' },
            { key: 'positions', label: 'positions' },
            { key: 'risk_rate', label: 'risk rate %', render: (row) => two(row.risk_rate) },
            { key: 'equity', label: 'equity', render: (row) => two(row.equity) },
            { key: 'margin', label: 'margin', render: (row) => two(row.margin) },
            { key: 'unrealised', label: 'unrealised', render: (row) => two(row.unrealised) },
            { key: 'available', label: 'available', render: (row) => two(row.available) },
            { key: 'liquidation_marks', label: 'liquidated at mark', render: (row) => row.liquidation_marks.map((mark) => `${mark.symbol} ${two(mark.mark)}`).join(' · ') || 'hedged' },
          ]}
        />
      </Panel>
      {data && (
        <Panel title="Leverage: the house's exposure (users' unrealised profit is what closing everything now would pay them)">
          <SummaryTable
            label="House exposure"
            head={['currency', 'positions', 'margin held', 'users’ unrealised']}
            rows={data.lever.house_exposure.map((row) => [row.currency, row.positions, two(row.margin), two(row.users_unrealised)])}
          />
        </Panel>
      )}
      {data && (
        <Panel title="Second contracts running, per currency (the reserve is what every win would pay on top of the stakes)">
          <SummaryTable
            label="Running contracts per currency"
            head={['currency', 'contracts', 'stakes', 'reserve', 'next expiry']}
            rows={data.micro.map((row) => [row.currency, row.running, two(row.stake), two(row.reserve), row.next_expiry ? new Date(row.next_expiry).toLocaleString() : ''])}
          />
        </Panel>
      )}
      <Panel title="Second contracts running, soonest expiry first">
        <div className="mb-2 flex justify-end">
          <SearchBox label="Contract user id" placeholder="A user’s id" value={contractUser} onChange={(value) => setContractUser(value.replace(/\D/g, ''))} />
        </div>
        <DataTable<Contract>
          label="Running second contracts"
          path="/risk/micro-contracts"
          filters={{ user_id: contractUser || undefined }}
          csvName="micro-contracts"
          version={version}
          rowKey={(row) => row.id}
          columns={[
            { key: 'id', label: 'contract' },
            { key: 'account', label: 'user', render: (row) => userLink(row.user_id, `${row.account} (${row.user_id})`) },
            { key: 'symbol', label: 'pair' },
            { key: 'direction', label: 'direction' },
            { key: 'seconds', label: 'seconds' },
            { key: 'stake', label: 'stake', render: (row) => `${two(row.stake)} ${row.currency}` },
            { key: 'reserve', label: 'reserve', render: (row) => two(row.reserve) },
            { key: 'open_price', label: 'opened at' },
            { key: 'expires_at', label: 'expires', render: (row) => new Date(row.expires_at).toLocaleString() },
          ]}
        />
      </Panel>
    </div>
  );
}

export const riskSection: Section = { path: 'risk', label: 'Risk', roles: ALL_ROLES, Screen: RiskScreen, group: 'manage' };
