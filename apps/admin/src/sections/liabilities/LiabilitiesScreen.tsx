import type { LiabilitySnapshotItem } from '@tessera/protocol';
import { Button } from '@web/components/Button';
import { api, useAction, useApi, type Page } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';

/** Only the money roles publish: a snapshot states the platform's liabilities to its users. */
const MAY_PUBLISH = new Set(['admin', 'finance']);

/**
 * Proof of liabilities: every snapshot (the daily one, and those operators publish), with each
 * currency's root and users' total and the platform's own accounts. Publishing takes a snapshot
 * at the next batch boundary; it shows as building until its trees are stored.
 */
function LiabilitiesScreen() {
  const me = useOperator();
  const list = useApi<Page<LiabilitySnapshotItem>>('/liabilities', { page: 1, limit: 30 });
  const publish = useAction();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Proof of liabilities">
        {MAY_PUBLISH.has(me.role) && (
          <Button busy={publish.busy} onClick={() => void publish.run(() => api('POST', '/liabilities/publish')).then((done) => done && list.reload())} data-testid="liabilities-publish">
            Publish a snapshot
          </Button>
        )}
        <Button variant="outline" onClick={list.reload}>
          Refresh
        </Button>
      </PageHeader>
      <ErrorLine error={publish.error ?? list.error} />
      {list.data?.list.length === 0 && <p className="text-sm text-muted">No snapshot yet: the first daily one is taken at 00:00 UTC.</p>}
      {list.data?.list.map((snapshot) => (
        <Panel key={snapshot.id} title={`#${snapshot.id} · ${new Date(snapshot.taken_at).toLocaleString()} · ${snapshot.cause}`}>
          <p className="mb-2 text-[0.8125rem] text-muted" data-testid="liabilities-status" data-id={snapshot.id}>
            {snapshot.status === 'published' ? `published ${snapshot.published_at ? new Date(snapshot.published_at).toLocaleString() : ''}` : 'building…'} · ledger up to entry{' '}
            {snapshot.ledger_boundary}
          </p>
          <table className="w-full text-[0.8125rem]">
            <thead className="text-start text-muted">
              <tr>
                <th className="text-start font-medium">currency</th>
                <th className="text-end font-medium">users' total</th>
                <th className="text-end font-medium">users</th>
                <th className="ps-4 text-start font-medium">root</th>
              </tr>
            </thead>
            <tbody>
              {snapshot.currencies.map((currency) => (
                <tr key={currency.currency_id}>
                  <td>{currency.currency}</td>
                  <td className="text-end tabular-nums">{currency.total}</td>
                  <td className="text-end tabular-nums">{currency.users}</td>
                  <td className="ps-4 font-mono text-xs break-all">{currency.root_hash}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {snapshot.platform.length > 0 && (
            <p className="mt-2 text-xs text-muted">
              platform accounts: {snapshot.platform.map((account) => `${account.account} ${account.balance} ${account.currency}`).join(' · ')}
            </p>
          )}
        </Panel>
      ))}
    </div>
  );
}

export const liabilitiesSection: Section = { path: 'liabilities', label: 'Proof of liabilities', roles: ALL_ROLES, Screen: LiabilitiesScreen, group: 'manage' };
