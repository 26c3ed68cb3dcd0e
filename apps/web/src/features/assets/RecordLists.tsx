import { DEPOSIT_STATUS, WITHDRAWAL_STATUS } from '@tessera/protocol';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DepositRecord, WalletLogItem, WithdrawalRecord } from '../../api';
import { Num } from '../../components/Num';
import { isPositive } from '../../lib/trading/decimal';
import { statusName } from '../../lib/wallet';
import { CurrencyCell, LongTextCell, RecordTable, StatusCell, td, TimeCell } from './RecordTable';

/** Ledger entries (`wallet/legal_log`, `account/list`): what, change, time; `record-row` carries reason and value. */
export function LogList({ rows, busy, showWallet = false }: { rows: readonly WalletLogItem[]; busy: boolean; showWallet?: boolean }) {
  const { t } = useTranslation();
  return (
    <RecordTable
      rows={rows}
      busy={busy}
      empty={t('assets.noRecords')}
      testId="record-list"
      minWidth="min-w-[32rem]"
      columns={[
        { label: t('assets.type') },
        { label: t('assets.currency') },
        showWallet && { label: t('assets.account') },
        { label: t('assets.change'), end: true },
        { label: t('assets.time'), end: true },
      ]}
      row={(row) => (
        <tr data-testid="record-row" data-id={row.id} data-reason={row.reason} data-value={row.value} data-lock-value={row.lock_value}>
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
          <TimeCell time={row.created_time} className="text-end" />
        </tr>
      )}
    />
  );
}

type T = TFunction;

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

const depositTone: Record<keyof typeof DEPOSIT_STATUS, string> = { pending: 'text-warn', confirmed: 'text-up', rejected: 'text-down' };

/** Deposits (`wallet/charge_log`): amount, network, hash, status. */
export function DepositList({ rows, busy }: { rows: readonly DepositRecord[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <RecordTable
      rows={rows}
      busy={busy}
      empty={t('assets.noDeposits')}
      testId="deposit-list"
      minWidth="min-w-[36rem]"
      columns={[
        { label: t('assets.time') },
        { label: t('assets.currency') },
        { label: t('assets.amount'), end: true },
        { label: t('assets.hash') },
        { label: t('assets.status'), end: true },
      ]}
      row={(row) => {
        const status = statusName(DEPOSIT_STATUS, row.status, 'pending');
        return (
          <tr data-testid="deposit-row" data-id={row.id} data-status={row.status} data-amount={row.amount}>
            <TimeCell time={row.created_time} />
            <CurrencyCell name={row.currency_name} network={row.network} />
            <td className={clsx(td, 'text-end')}>
              <Num className="text-fg">{row.amount}</Num>
            </td>
            <LongTextCell value={row.hash} fallback="—" />
            <StatusCell tone={depositTone[status]}>{t(`assets.depositStatus.${status}`)}</StatusCell>
          </tr>
        );
      }}
    />
  );
}

const withdrawalTone: Record<keyof typeof WITHDRAWAL_STATUS, string> = {
  applying: 'text-warn',
  approved: 'text-brand',
  success: 'text-up',
  failed: 'text-down',
  rejected: 'text-down',
  in_station: 'text-up',
};

/** Withdrawals (`wallet/out_log`): amount, fee, received, address, status (rejected and failed ones are refunded). */
export function WithdrawalList({ rows, busy }: { rows: readonly WithdrawalRecord[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <RecordTable
      rows={rows}
      busy={busy}
      empty={t('assets.noWithdrawals')}
      testId="withdrawal-list"
      minWidth="min-w-[44rem]"
      columns={[
        { label: t('assets.time') },
        { label: t('assets.currency') },
        { label: t('assets.amount'), end: true },
        { label: t('assets.fee'), end: true },
        { label: t('assets.address') },
        { label: t('assets.status'), end: true },
      ]}
      row={(row) => {
        const status = statusName(WITHDRAWAL_STATUS, row.status, 'applying');
        return (
          <tr data-testid="withdrawal-row" data-id={row.id} data-status={row.status} data-number={row.number}>
            <TimeCell time={row.created_time} />
            <CurrencyCell name={row.currency_name} network={row.network} />
            <td className={clsx(td, 'text-end')}>
              <Num className="text-fg">{row.number}</Num>
            </td>
            <td className={clsx(td, 'text-end text-muted')}>
              <Num>{row.fee}</Num>
            </td>
            <LongTextCell value={row.address} />
            <StatusCell tone={withdrawalTone[status]}>{t(`assets.withdrawalStatus.${status}`)}</StatusCell>
          </tr>
        );
      }}
    />
  );
}
