import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { useApi } from '../../api';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';

interface RiskView {
  lever: {
    liquidation_rate: string;
    accounts_holding: number;
    nearest_liquidation: {
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
    }[];
    house_exposure: { currency: string; positions: number; margin: string; users_unrealised: string }[];
  };
  micro: { currency: string; running: number; stake: string; reserve: string; next_expiry: string | null }[];
}

/** Displayed figures are floored to two decimals (text arithmetic: no rounding up). */
const two = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
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

/** Read only: lever accounts nearest liquidation, the house's exposure, running second contracts. */
function RiskScreen() {
  const { data, error, loading, reload } = useApi<RiskView>('/risk');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Risk">
        <Button size="sm" variant="secondary" busy={loading} onClick={reload}>
          Refresh
        </Button>
      </PageHeader>
      <ErrorLine error={error} />
      {data && (
        <>
          <Panel title={`Leverage: accounts nearest liquidation (liquidated at ${data.lever.liquidation_rate} %; ${data.lever.accounts_holding} accounts hold positions)`}>
            <Table
              label="Nearest liquidation"
              head={['user', 'currency', 'positions', 'risk rate %', 'equity', 'margin', 'unrealised', 'available', 'liquidated at mark']}
              rows={data.lever.nearest_liquidation.map((account) => [
                <Link key="user" className="text-brand" to={`/users/${account.user_id}`}>
                  {account.account} ({account.user_id})
                </Link>,
                account.currency,
                account.positions,
                two(account.risk_rate),
                two(account.equity),
                two(account.margin),
                two(account.unrealised),
                two(account.available),
                account.liquidation_marks.map((mark) => `${mark.symbol} ${two(mark.mark)}`).join(' · ') || 'hedged',
              ])}
            />
          </Panel>
          <Panel title="Leverage: the house's exposure (users' unrealised profit is what closing everything now would pay them)">
            <Table
              label="House exposure"
              head={['currency', 'positions', 'margin held', 'users’ unrealised']}
              rows={data.lever.house_exposure.map((row) => [row.currency, row.positions, two(row.margin), two(row.users_unrealised)])}
            />
          </Panel>
          <Panel title="Second contracts running (the reserve is what every win would pay on top of the stakes)">
            <Table
              label="Running contracts"
              head={['currency', 'contracts', 'stakes', 'reserve', 'next expiry']}
              rows={data.micro.map((row) => [row.currency, row.running, two(row.stake), two(row.reserve), row.next_expiry ? new Date(row.next_expiry).toLocaleString() : ''])}
            />
          </Panel>
        </>
      )}
    </div>
  );
}

export const riskSection: Section = { path: 'risk', label: 'Risk', roles: ALL_ROLES, Screen: RiskScreen, group: 'manage' };
