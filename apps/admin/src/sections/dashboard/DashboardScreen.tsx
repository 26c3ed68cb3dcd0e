import { Link } from 'react-router';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';
import { BalancesTable } from '../../components/BalancesTable';

interface Dashboard {
  queues: Record<string, number>;
  since: string;
  pairs: { pair_id: number; pair: string; trades: number; base_volume: string; quote_volume: string; base_fees: string; quote_fees: string }[];
  accounts: { account: string; kind: string; currency: string; wallet: string; available: string; locked: string }[];
  watchers: { network: string; head: number; cursor: number; confirmations: number; behind: number; failures: number; error: string | null; deepReorgs: number; refused: number }[];
  last_audit: { ran_at: string; report: { ok: boolean; balancesChecked: number; balanceMismatches: unknown[]; currencyMismatches: unknown[]; orphans: unknown[] } } | null;
}

/** Where each queue is worked; a product adds its queue here and its counter on the server (DashboardQueues). */
const QUEUES: { key: string; label: string; path: string }[] = [
  { key: 'identity', label: 'Identity checks', path: '/identity' },
  { key: 'deposits', label: 'Deposits', path: '/deposits' },
  { key: 'withdrawals', label: 'Withdrawals', path: '/withdrawals' },
  { key: 'adjustments', label: 'Adjustments to approve', path: '/adjustments' },
  { key: 'disputes', label: 'C2C disputes', path: '/disputes' },
  { key: 'acceptor_disputes', label: 'Acceptor disputes', path: '/acceptor-disputes' },
];

function DashboardScreen() {
  const { data, error, reload } = useApi<Dashboard>('/dashboard');
  const me = useOperator();
  const audit = useAction();
  const mayAudit = me.role === 'admin' || me.role === 'finance';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Dashboard">
        <Button size="sm" variant="secondary" onClick={reload}>
          Refresh
        </Button>
      </PageHeader>
      <ErrorLine error={error} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {QUEUES.map((queue) => (
          <Link key={queue.key} to={queue.path} className="rounded-md border border-line bg-surface p-4 hover:border-brand">
            <div className="text-[0.75rem] text-muted">{queue.label}</div>
            <div className="text-2xl font-semibold" data-testid={`queue-${queue.key}`}>
              {data?.queues[queue.key] ?? '…'}
            </div>
          </Link>
        ))}
      </div>
      {data && data.watchers.length > 0 && (
        <Panel title="Chain watchers">
          <ul className="flex flex-col gap-1 text-sm">
            {data.watchers.map((watcher) => (
              <li key={watcher.network} data-testid={`watcher-${watcher.network}`} className={watcher.behind > 0 || watcher.failures > 0 ? 'text-down' : 'text-up'}>
                {watcher.network.toUpperCase()}: {watcher.behind > 0 ? `watcher behind by ${watcher.behind} blocks` : 'up to date'} · block {watcher.cursor} read, node at{' '}
                {watcher.head}, {watcher.confirmations} confirmations
                {watcher.failures > 0 && ` · ${watcher.failures} failed tries: ${watcher.error ?? ''}`}
                {watcher.deepReorgs > 0 && ` · ${watcher.deepReorgs} reorganisations deeper than the confirmations`}
                {watcher.refused > 0 && ` · ${watcher.refused} outputs refused (see the log)`}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <Panel title="Last 24 hours per pair">
        <table className="bo-table">
          <thead>
            <tr>
              <th>pair</th>
              <th>trades</th>
              <th>volume (base)</th>
              <th>volume (quote)</th>
              <th>fees (base)</th>
              <th>fees (quote)</th>
            </tr>
          </thead>
          <tbody>
            {data?.pairs.map((row) => (
              <tr key={row.pair_id}>
                <td>{row.pair}</td>
                <td>{row.trades}</td>
                <td>{row.base_volume}</td>
                <td>{row.quote_volume}</td>
                <td>{row.base_fees}</td>
                <td>{row.quote_fees}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel title="Platform accounts (house, fees)">
        <BalancesTable label="Platform accounts" rows={data?.accounts ?? []} withAccount />
      </Panel>
      <Panel title="Ledger audit">
        <div className="flex items-center gap-3 text-sm">
          {data?.last_audit ? (
            <span data-testid="audit-result" className={data.last_audit.report.ok ? 'text-up' : 'text-down'}>
              {data.last_audit.report.ok ? 'OK' : 'MISMATCHES'} · {data.last_audit.report.balancesChecked} balances checked · {new Date(data.last_audit.ran_at).toLocaleString()}
            </span>
          ) : (
            <span className="text-muted">Not run yet.</span>
          )}
          {mayAudit && (
            <Button size="sm" busy={audit.busy} onClick={() => void audit.run(() => api('POST', '/audit/run')).then(reload)}>
              Run audit
            </Button>
          )}
        </div>
        {data?.last_audit && !data.last_audit.report.ok && <pre className="mt-2 text-[0.75rem] text-down">{JSON.stringify(data.last_audit.report, null, 1)}</pre>}
        <ErrorLine error={audit.error} />
      </Panel>
    </div>
  );
}

export const dashboardSection: Section = { path: 'dashboard', label: 'Dashboard', roles: ALL_ROLES, Screen: DashboardScreen, group: 'queues' };
