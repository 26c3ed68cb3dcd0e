import { useTranslation } from 'react-i18next';
import type { TransferHistoryItem } from '../../api';
import { Num } from '../../components/Num';
import { displayServerTime } from '../../lib/format';
import { isWallet } from '../../lib/wallet';
import { ButtonLink } from '../../components/Button';
import { AssetsCard, InlineError, ListState, MoreButton } from './common';
import { flatPages, useTransferHistory } from './queries';
import { errorText } from '../auth';

/** `/transferRecord`: transfers between the wallets (type, number, time), paged by 'more'. */
export function TransferRecordPage() {
  const { t } = useTranslation();
  const history = useTransferHistory();
  const rows = flatPages(history.data);
  return (
    <div className="mx-auto w-full max-w-[60rem] flex-1 px-3 py-4 sm:px-5 sm:py-6">
      <AssetsCard
        title={t('page.transferRecord')}
        subtitle={t('assets.transferRecordSubtitle')}
        testId="transfer-record"
        actions={
          <ButtonLink to="/new_account/transferLegal" size="sm" data-testid="transfer-new">
            {t('assets.transfer')}
          </ButtonLink>
        }
      >
        {history.isError ? (
          <InlineError text={errorText(history.error)} onRetry={() => void history.refetch()} />
        ) : (
          <TransferTable rows={rows} busy={history.isPending} />
        )}
        <MoreButton hasMore={history.hasNextPage} busy={history.isFetchingNextPage} onMore={() => void history.fetchNextPage()} />
      </AssetsCard>
    </div>
  );
}

/** The transfer rows: type (from → to), currency, number, time. */
export function TransferTable({ rows, busy }: { rows: readonly TransferHistoryItem[]; busy: boolean }) {
  const { t } = useTranslation();
  const walletName = (wallet: string) => (isWallet(wallet) ? t(`assets.wallet.${wallet}`) : wallet);
  if (rows.length === 0) return <ListState busy={busy} text={t('assets.noRecords')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[34rem] text-[0.8125rem]">
        <thead>
          <tr className="border-b border-line text-[0.75rem] text-faint">
            <th scope="col" className="px-4 py-2.5 text-start font-medium sm:px-6">{t('assets.type')}</th>
            <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('assets.currency')}</th>
            <th scope="col" className="px-4 py-2.5 text-end font-medium">{t('assets.number')}</th>
            <th scope="col" className="px-4 py-2.5 text-end font-medium sm:px-6">{t('assets.time')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row, index) => (
            <tr key={`${row.add_time}-${index}`} data-testid="transfer-row" data-type={row.type} data-number={row.number}>
              <td className="px-4 py-3 text-fg sm:px-6">
                {walletName(row.from_field)} <span className="text-faint rtl:-scale-x-100 inline-block">→</span> {walletName(row.to_field)}
              </td>
              <td className="px-4 py-3 text-fg">{row.currency_name}</td>
              <td className="px-4 py-3 text-end">
                <Num className="text-fg">{row.number}</Num>
              </td>
              <td className="px-4 py-3 text-end text-muted sm:px-6">
                <Num>{displayServerTime(row.add_time)}</Num>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
