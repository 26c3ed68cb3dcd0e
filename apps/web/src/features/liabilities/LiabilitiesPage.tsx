import { useTranslation } from 'react-i18next';
import type { LiabilitySnapshotItem } from '@tessera/protocol';
import { ButtonLink } from '../../components/Button';
import { Num } from '../../components/Num';
import { InlineError, ListState, TitledCard } from '../../components/Panel';
import { displayServerTime } from '../../lib/format';
import { errorText, useSession } from '../auth';
import { useLiabilitySnapshots } from './queries';

/**
 * `/liabilities`: every published proof-of-liabilities snapshot, newest first: per currency the
 * root of the users' Merkle sum tree and their total, and the platform's own accounts apart.
 */
export function LiabilitiesPage() {
  const { t } = useTranslation();
  const snapshots = useLiabilitySnapshots();
  const signedIn = useSession((state) => state.token !== null);
  return (
    <div className="mx-auto w-full max-w-[90rem] px-3 py-4 sm:px-5 sm:py-6">
      <TitledCard
        title={t('page.liabilities')}
        subtitle={t('liabilities.subtitle')}
        testId="liabilities-page"
        actions={
          <>
            <a href="/liabilities-verifier.html" download className="text-[0.8125rem] text-muted hover:underline">
              {t('liabilities.offlineVerifier')}
            </a>
            <ButtonLink to={signedIn ? '/new_account/proof' : '/components/login'} size="sm" data-testid="liabilities-check-mine">
              {t('liabilities.checkMine')}
            </ButtonLink>
          </>
        }
      >
        {snapshots.isPending ? (
          <ListState busy text="" />
        ) : snapshots.isError ? (
          <InlineError text={errorText(snapshots.error)} onRetry={() => void snapshots.refetch()} />
        ) : snapshots.data.list.length === 0 ? (
          <ListState busy={false} text={t('liabilities.none')} testId="liabilities-none" />
        ) : (
          <ul className="divide-y divide-line/70" data-testid="liabilities-list">
            {snapshots.data.list.map((snapshot) => (
              <SnapshotItem key={snapshot.id} snapshot={snapshot} />
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}

function SnapshotItem({ snapshot }: { snapshot: LiabilitySnapshotItem }) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-3 px-4 py-4 sm:px-6" data-testid="liabilities-snapshot" data-id={snapshot.id}>
      <p className="text-[0.8125rem] text-muted">
        #{snapshot.id} · {displayServerTime(snapshot.taken_at)} · {t(snapshot.cause === 'daily' ? 'liabilities.daily' : 'liabilities.byOperator')} ·{' '}
        {t('liabilities.boundary')} <Num>{snapshot.ledger_boundary}</Num>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-[0.8125rem]">
          <thead className="text-start text-[0.75rem] text-faint">
            <tr>
              <th className="py-1 text-start font-medium">{t('liabilities.currency')}</th>
              <th className="py-1 text-end font-medium">{t('liabilities.total')}</th>
              <th className="py-1 text-end font-medium">{t('liabilities.users')}</th>
              <th className="py-1 ps-4 text-start font-medium">{t('liabilities.root')}</th>
            </tr>
          </thead>
          <tbody>
            {snapshot.currencies.map((currency) => (
              <tr key={currency.currency_id} data-testid="liabilities-root" data-currency={currency.currency}>
                <td className="py-1 text-fg">{currency.currency}</td>
                <td className="py-1 text-end">
                  <Num>{currency.total}</Num>
                </td>
                <td className="py-1 text-end">
                  <Num>{currency.users}</Num>
                </td>
                <td className="py-1 ps-4">
                  <code className="font-mono text-[0.75rem] break-all" dir="ltr" data-testid="liabilities-root-hash">
                    {currency.root_hash}
                  </code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {snapshot.platform.length > 0 && (
        <p className="text-[0.75rem] text-faint" data-testid="liabilities-platform">
          {t('liabilities.platform')}:{' '}
          {snapshot.platform.map((account, index) => (
            <span key={`${account.account}-${account.currency_id}`}>
              {index > 0 && ' · '}
              {t(`liabilities.account.${account.account}`, { defaultValue: account.account })} <Num>{account.balance}</Num> {account.currency}
            </span>
          ))}
        </p>
      )}
    </li>
  );
}
