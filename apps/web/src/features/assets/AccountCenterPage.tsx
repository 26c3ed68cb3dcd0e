import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletList } from '../../api';
import { Num } from '../../components/Num';
import { isPositive } from '../../lib/trading/decimal';
import { convertedValue, distinctItems, holdingOf, totalAssets } from '../../lib/wallet';
import { AssetsCard, Figure, ListState } from './common';
import { WalletScreen } from './WalletScreen';

/**
 * `/account/accountCenter`: total assets (the four wallets' `usdt_totle` added exactly) and a
 * coin table of every currency's holding across the wallets.
 */
export function AccountCenterPage() {
  return <WalletScreen>{(wallets) => <AccountCenter wallets={wallets} />}</WalletScreen>;
}

function AccountCenter({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation();
  const total = totalAssets(wallets);
  const coins = distinctItems([wallets.legal_wallet, wallets.change_wallet, wallets.lever_wallet, wallets.micro_wallet]).map((item) => {
    const held = holdingOf(item);
    return { id: item.currency, name: item.currency_name, held, value: convertedValue(held, '0', item.usdt_price) };
  });
  return (
    <AssetsCard title={t('page.accountCenter')} testId="account-center">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-line px-4 py-5 sm:px-6">
        <Figure label={t('assets.totalAssets')} testId="account-total">
          <span data-total={total} data-testid="account-total-value">
            <Num className="text-2xl">{total}</Num>
          </span>{' '}
          <span className="text-sm font-normal text-muted">USDT</span>
        </Figure>
        <Link to="/new_account/letransactions" className="text-[0.8125rem] font-medium text-brand hover:underline">
          {t('page.letransactions')}
        </Link>
      </div>
      {coins.length === 0 ? (
        <ListState busy={false} text={t('assets.noAssets')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-[0.8125rem]">
            <thead>
              <tr className="border-b border-line text-[0.75rem] text-faint">
                <th scope="col" className="px-4 py-2.5 text-start font-medium sm:px-6">{t('assets.currency')}</th>
                <th scope="col" className="px-4 py-2.5 text-end font-medium">{t('assets.holding')}</th>
                <th scope="col" className="px-4 py-2.5 text-end font-medium sm:px-6">{t('assets.valueUsdt')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {coins.map((coin) => (
                <tr key={coin.id} data-testid="coin-row" data-currency={coin.name} data-total={coin.held}>
                  <td className="px-4 py-3 font-semibold text-fg sm:px-6">{coin.name}</td>
                  <td className="px-4 py-3 text-end">
                    <Num className={isPositive(coin.held) ? 'text-fg' : 'text-faint'}>{coin.held}</Num>
                  </td>
                  <td className="px-4 py-3 text-end text-muted sm:px-6">
                    <Num>≈ {coin.value}</Num>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AssetsCard>
  );
}
