import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { LedgerIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { Pagination } from '../../components/Pagination';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { parsePage } from '../../lib/pages';
import { fixed } from '../../lib/trading/decimal';
import { BALANCE_DECIMALS, VALUE_DECIMALS } from '../../lib/wallet';
import { errorText } from '../auth';
import { AssetsCard, Figure, InlineError } from './common';
import { useWalletDetail, useWalletLive, useWalletLogPage } from './queries';
import { LogList } from './RecordLists';

const PAGE = { legal: 'legalAccount', change: 'changeAccount' } as const;
const LIST = { legal: '/new_account/legal', change: '/new_account/change' } as const;

/**
 * `/new_account/legalAccount?currency_id=` and `/new_account/changeAccount?currency_id=`:
 * one currency of the fiat or spot account: available, frozen, CNY value, paged records.
 */
export function WalletDetailPage({ wallet }: { wallet: 'legal' | 'change' }) {
  const { t } = useTranslation();
  useWalletLive();
  const [params] = useSearchParams();
  const currency = Number(params.get('currency_id')) || 0;
  const page = parsePage(params.get('page'));
  const detail = useWalletDetail(currency, wallet);
  const log = useWalletLogPage(wallet, currency, page);
  const title = t(`page.${PAGE[wallet]}`);

  if (currency <= 0) {
    return (
      <AssetsCard title={title}>
        <StatePanel
          icon={<LedgerIcon size={26} />}
          title={t('assets.chooseCurrencyTitle')}
          actions={<ButtonLink to={LIST[wallet]}>{t(`page.${wallet}`)}</ButtonLink>}
        />
      </AssetsCard>
    );
  }

  let summary;
  if (detail.isPending) summary = <Loading label={t('common.loading')} className="py-8" />;
  else if (detail.isError) summary = <InlineError text={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
  else {
    const data = detail.data;
    summary = (
      <div
        className="flex flex-wrap gap-x-10 gap-y-4 border-b border-line px-4 py-5 sm:px-6"
        data-testid="wallet-detail"
        data-currency={data.currency_name}
        data-available={fixed(data.balance, BALANCE_DECIMALS)}
        data-frozen={fixed(data.lock_balance, BALANCE_DECIMALS)}
      >
        <Figure label={t('assets.available')}>
          <Num>{fixed(data.balance, BALANCE_DECIMALS)}</Num> <span className="text-sm font-normal text-muted">{data.currency_name}</span>
        </Figure>
        <Figure label={t('assets.frozen')}>
          <Num>{fixed(data.lock_balance, BALANCE_DECIMALS)}</Num>
        </Figure>
        <Figure label={t('assets.cnyValue')} testId="detail-cny">
          <Num>≈ {fixed(data.cny_price, VALUE_DECIMALS)}</Num> <span className="text-sm font-normal text-muted">CNY</span>
        </Figure>
      </div>
    );
  }

  return (
    <AssetsCard title={detail.data ? `${title} · ${detail.data.currency_name}` : title} testId={`${PAGE[wallet]}-page`}>
      {summary}
      <h3 className="px-4 pt-4 pb-1 text-[0.8125rem] font-medium text-fg sm:px-6">{t('assets.assetRecords')}</h3>
      {log.isError ? (
        <InlineError text={errorText(log.error)} onRetry={() => void log.refetch()} />
      ) : (
        <LogList rows={log.data?.list ?? []} busy={log.isPending} />
      )}
      {log.data && log.data.pages > 1 && (
        <div className="border-t border-line px-4 py-3">
          <Pagination
            page={log.data.page}
            pages={log.data.pages}
            hrefOf={(n) => `/new_account/${PAGE[wallet]}?currency_id=${currency}&page=${n}`}
          />
        </div>
      )}
    </AssetsCard>
  );
}

export function LegalAccountPage() {
  return <WalletDetailPage wallet="legal" />;
}

export function ChangeAccountPage() {
  return <WalletDetailPage wallet="change" />;
}
