import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { DepositRecord, WalletLogItem, WithdrawalRecord } from '../../api';
import { Num } from '../../components/Num';
import { displayServerTime } from '../../lib/format';
import { isPositive } from '../../lib/trading/decimal';
import { ListState } from './common';

const th = 'px-3 py-2 text-[0.75rem] font-medium text-faint whitespace-nowrap';
const td = 'px-3 py-2.5 whitespace-nowrap';

/** Ledger entries (`wallet/legal_log`, `account/list`): what, change, time; `record-row` carries reason and value. */
export function LogList({ rows, busy, showWallet = false }: { rows: readonly WalletLogItem[]; busy: boolean; showWallet?: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <ListState busy={busy} text={t('assets.noRecords')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-[0.8125rem]" data-testid="record-list">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.type')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.currency')}</th>
            {showWallet && <th scope="col" className={clsx(th, 'text-start')}>{t('assets.account')}</th>}
            <th scope="col" className={clsx(th, 'text-end')}>{t('assets.change')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('assets.time')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {rows.map((row) => (
            <tr key={row.id} data-testid="record-row" data-id={row.id} data-reason={row.reason} data-value={row.value} data-lock-value={row.lock_value}>
              <td className={clsx(td, 'text-fg')}>{row.info || row.reason}</td>
              <td className={clsx(td, 'text-muted')}>{row.currency_name}</td>
              {showWallet && <td className={clsx(td, 'text-muted')}>{walletLabel(t, row.account)}</td>}
              <td className={clsx(td, 'text-end')}>
                <SignedAmount value={row.value} />
                {isPositive(row.lock_value.replace(/^-/, '')) && (
                  <span className="ms-2 text-[0.75rem] text-faint">
                    {t('assets.frozenChange')} <Num>{row.lock_value.startsWith('-') ? row.lock_value : `+${row.lock_value}`}</Num>
                  </span>
                )}
              </td>
              <td className={clsx(td, 'text-end text-muted')}>
                <Num>{displayServerTime(row.created_time)}</Num>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function walletLabel(t: T, wallet: string): string {
  switch (wallet) {
    case 'legal':
    case 'change':
    case 'lever':
    case 'micro':
      return t(`assets.wallet.${wallet}`);
    default:
      return wallet;
  }
}

/** A signed change: green when money came in, red when it left, `+` shown. */
function SignedAmount({ value }: { value: string }) {
  const negative = value.trim().startsWith('-');
  const zero = !isPositive(value.replace(/^-/, ''));
  return (
    <Num className={clsx(zero ? 'text-muted' : negative ? 'text-down' : 'text-up')}>
      {negative || zero ? value : `+${value}`}
    </Num>
  );
}

const DEPOSIT_STATUS = { 0: 'pending', 1: 'confirmed', 2: 'rejected' } as const;
const depositTone = { pending: 'text-warn', confirmed: 'text-up', rejected: 'text-down' } as const;

/** Deposits (`wallet/charge_log`): amount, network, hash, status. */
export function DepositList({ rows, busy }: { rows: readonly DepositRecord[]; busy: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <ListState busy={busy} text={t('assets.noDeposits')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-[0.8125rem]" data-testid="deposit-list">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.time')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.currency')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('assets.amount')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.hash')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('assets.status')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {rows.map((row) => {
            const status = DEPOSIT_STATUS[row.status as keyof typeof DEPOSIT_STATUS] ?? 'pending';
            return (
              <tr key={row.id} data-testid="deposit-row" data-id={row.id} data-status={row.status} data-amount={row.amount}>
                <td className={clsx(td, 'text-muted')}>
                  <Num>{displayServerTime(row.created_time)}</Num>
                </td>
                <td className={clsx(td, 'text-fg')}>
                  {row.currency_name}
                  {row.network && <span className="ms-1 text-faint">{row.network}</span>}
                </td>
                <td className={clsx(td, 'text-end')}>
                  <Num className="text-fg">{row.amount}</Num>
                </td>
                <td className={clsx(td, 'max-w-[12rem] truncate text-muted')} title={row.hash}>
                  <bdi dir="ltr">{row.hash || '—'}</bdi>
                </td>
                <td className={clsx(td, 'text-end font-medium', depositTone[status])}>{t(`assets.depositStatus.${status}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const WITHDRAWAL_STATUS = { 1: 'applying', 2: 'approved', 3: 'success', 4: 'failed', 5: 'rejected' } as const;
const withdrawalTone = { applying: 'text-warn', approved: 'text-brand', success: 'text-up', failed: 'text-down', rejected: 'text-down' } as const;

/** Withdrawals (`wallet/out_log`): amount, fee, received, address, status (rejected and failed ones are refunded). */
export function WithdrawalList({ rows, busy }: { rows: readonly WithdrawalRecord[]; busy: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <ListState busy={busy} text={t('assets.noWithdrawals')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-[0.8125rem]" data-testid="withdrawal-list">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.time')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.currency')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('assets.amount')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('assets.fee')}</th>
            <th scope="col" className={clsx(th, 'text-start')}>{t('assets.address')}</th>
            <th scope="col" className={clsx(th, 'text-end')}>{t('assets.status')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line/60">
          {rows.map((row) => {
            const status = WITHDRAWAL_STATUS[row.status as keyof typeof WITHDRAWAL_STATUS] ?? 'applying';
            return (
              <tr key={row.id} data-testid="withdrawal-row" data-id={row.id} data-status={row.status} data-number={row.number}>
                <td className={clsx(td, 'text-muted')}>
                  <Num>{displayServerTime(row.created_time)}</Num>
                </td>
                <td className={clsx(td, 'text-fg')}>
                  {row.currency_name}
                  {row.network && <span className="ms-1 text-faint">{row.network}</span>}
                </td>
                <td className={clsx(td, 'text-end')}>
                  <Num className="text-fg">{row.number}</Num>
                </td>
                <td className={clsx(td, 'text-end text-muted')}>
                  <Num>{row.fee}</Num>
                </td>
                <td className={clsx(td, 'max-w-[12rem] truncate text-muted')} title={row.address}>
                  <bdi dir="ltr">{row.address}</bdi>
                </td>
                <td className={clsx(td, 'text-end font-medium', withdrawalTone[status])}>{t(`assets.withdrawalStatus.${status}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
