import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { walletApi, type Acceptor, type AcceptorWay } from '../../api';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AlertIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { StatePanel } from '../../components/StatePanel';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { checkDeal, dealFee, depositReceived, DEAL_DECIMALS, type DealProblems } from '../../lib/acceptors';
import { isBlockedKey, limitDecimals } from '../../lib/trading/order';
import { fixed, isPositive } from '../../lib/trading/decimal';
import { errorText, useSession } from '../auth';
import { CopyValue, Line, WayChip, WayName, wayAccount } from './common';
import { useOpenDeal } from './queries';

/** A deposit (the user buys coins) or a withdrawal (the user sells coins). */
export type Direction = 'buy' | 'sell';

/**
 * The caller's available coins of one currency in the spot account (what a withdrawal can escrow),
 * and whether deposits and withdrawals are open (`is_open_CTbi`; acceptor deals need it).
 */
function useSpotBalance(currencyName: string) {
  const token = useSession((state) => state.token);
  const wallets = useQuery({
    queryKey: ['wallet', 'list', token],
    queryFn: ({ signal }) => walletApi.list({ signal }),
    enabled: token !== null,
  });
  const item = wallets.data?.change_wallet.balance.find((row) => row.currency_name === currencyName);
  return { balance: item?.change_balance, open: wallets.data ? wallets.data.is_open_CTbi === 1 : true };
}

/**
 * The deal form of one acceptor and direction: method, mobile, the user's account, coins; the fee
 * and what is settled; the acceptor's account to pay to for a deposit; a confirmation first.
 */
export function DealForm({ acceptor, direction }: { acceptor: Acceptor; direction: Direction }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useOpenDeal();
  const coin = acceptor.currency_name;
  const { balance: spotBalance, open: moneyOpen } = useSpotBalance(coin);
  const [way, setWay] = useState<AcceptorWay | ''>(acceptor.ways[0] ?? '');
  const [mobile, setMobile] = useState('');
  const [account, setAccount] = useState('');
  const [money, setMoney] = useState('');
  const [problems, setProblems] = useState<DealProblems>({});
  const [confirming, setConfirming] = useState(false);
  const deposit = direction === 'buy';
  const rate = deposit ? acceptor.recharge_rate : acceptor.cash_rate;
  const limit = deposit ? acceptor.recharge_amount : acceptor.cash_amount;
  const balance = deposit ? acceptor.user_balance : (spotBalance ?? '0');
  const fee = dealFee(money, rate);
  const settled = depositReceived(money, rate);
  const problem = (key: keyof DealProblems) => (problems[key] ? t(`acceptors.problem.${problems[key]}`) : undefined);

  function review() {
    const found = checkDeal({ way, mobile, account, money, limit, balance, rate, covers: deposit ? 'settled' : 'amount' });
    setProblems(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  }

  function send() {
    if (!way) return;
    open.mutate(
      { acceptor_id: acceptor.id, type: direction, way, mobile: mobile.trim(), deal_account: account.trim(), money },
      {
        onSuccess: () => {
          setConfirming(false);
          showToast(t('acceptors.submitted'), 'success', 3000);
          void navigate('/success?what=deal&next=/account/chargeRecord');
        },
        onError: (error) => {
          setConfirming(false);
          showToast(errorText(error), 'error', 4000);
        },
      },
    );
  }

  if (acceptor.ways.length === 0) {
    return <StatePanel icon={<AlertIcon size={26} />} title={t('acceptors.noWays')} />;
  }
  const pay = way ? wayAccount(acceptor, way) : undefined;
  return (
    <form
      noValidate
      className="grid gap-6 px-4 py-5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]"
      data-testid="deal-form"
      data-direction={direction}
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <div className="grid content-start gap-4">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-[0.8125rem] font-medium text-muted">{t('acceptors.way.label')}</legend>
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t('acceptors.way.label')}>
            {acceptor.ways.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={way === option}
                data-testid={`deal-way-${option}`}
                onClick={() => {
                  setWay(option);
                  setProblems((current) => ({ ...current, way: undefined }));
                }}
                className={
                  way === option
                    ? 'rounded-md border border-brand bg-brand-soft px-3 py-1.5 text-[0.8125rem] font-medium text-brand'
                    : 'rounded-md border border-line px-3 py-1.5 text-[0.8125rem] text-muted hover:text-fg'
                }
              >
                <WayName way={option} />
              </button>
            ))}
          </div>
          {problems.way && <p className="text-[0.8125rem] text-down">{problem('way')}</p>}
        </fieldset>
        <TextField
          label={t('acceptors.mobile')}
          value={mobile}
          inputMode="tel"
          autoComplete="tel"
          ltrValue
          maxLength={16}
          error={problem('mobile')}
          data-testid="deal-mobile"
          onChange={(event) => setMobile(event.target.value.replace(/[^\d+]/g, ''))}
        />
        <TextField
          label={way ? t('acceptors.yourAccountOf', { way: t(`acceptors.way.${way}`) }) : t('acceptors.yourAccount')}
          value={account}
          autoComplete="off"
          ltrValue
          maxLength={64}
          error={problem('account')}
          data-testid="deal-account"
          onChange={(event) => setAccount(event.target.value)}
        />
        <TextField
          label={deposit ? t('acceptors.amountBuy', { coin }) : t('acceptors.amountSell', { coin })}
          value={money}
          inputMode="decimal"
          autoComplete="off"
          ltrValue
          maxLength={20}
          placeholder="0"
          error={problem('money')}
          data-testid="deal-money"
          onKeyDown={(event) => {
            if (isBlockedKey(event.key)) event.preventDefault();
          }}
          onChange={(event) => setMoney(limitDecimals(event.target.value, DEAL_DECIMALS))}
          end={<span className="pe-3 text-[0.8125rem] text-muted">{coin}</span>}
        />
        <dl className="grid gap-2 rounded-lg bg-sunken px-4 py-3 text-[0.8125rem]">
          <Line label={deposit ? t('acceptors.acceptorHas') : t('acceptors.youHave')}>
            <Num testId="deal-balance">{fixed(balance, DEAL_DECIMALS)}</Num> {coin}
          </Line>
          <Line label={t('acceptors.limit')}>{isPositive(limit) ? <><Num>{fixed(limit, 2)}</Num> {coin}</> : t('acceptors.noLimit')}</Line>
          <Line label={t('acceptors.feeAt', { rate })}>
            <Num testId="deal-fee">{fee}</Num> {coin}
          </Line>
          <Line label={deposit ? t('acceptors.youReceive') : t('acceptors.acceptorPaysFor')}>
            <span className="font-semibold text-fg">
              <Num testId="deal-settled">{settled}</Num> {coin}
            </span>
          </Line>
        </dl>
        {!moneyOpen && (
          <p role="alert" data-testid="deal-not-open" className="rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-[0.8125rem] text-fg">
            {t('acceptors.notOpen')}
          </p>
        )}
        <Button type="submit" size="lg" disabled={!moneyOpen} data-testid="deal-submit">
          {deposit ? t('acceptors.submitBuy') : t('acceptors.submitSell')}
        </Button>
      </div>

      <aside className="grid content-start gap-3 rounded-lg border border-line p-4 text-[0.8125rem]" data-testid="deal-instructions">
        <h3 className="font-semibold text-fg">{deposit ? t('acceptors.howBuyTitle') : t('acceptors.howSellTitle')}</h3>
        <ol className="grid list-decimal gap-1.5 ps-4 text-muted">
          {(deposit ? (['buy1', 'buy2', 'buy3'] as const) : (['sell1', 'sell2', 'sell3'] as const)).map((step) => (
            <li key={step}>{t(`acceptors.how.${step}`)}</li>
          ))}
        </ol>
        {deposit && way && pay && (
          <div className="mt-2 grid gap-2 rounded-md bg-sunken p-3" data-testid="deal-pay-to">
            <p className="flex items-center gap-2 font-medium text-fg">
              {t('acceptors.payTo')} <WayChip way={way} />
            </p>
            <Line label={way === 'bank' ? t('acceptors.bankName') : t('acceptors.holder')}>{pay.holder || '—'}</Line>
            <Line label={t('acceptors.accountNo')}>
              <CopyValue value={pay.account} testId="deal-pay-account" />
            </Line>
            {pay.extra && <Line label={t('acceptors.bankAddress')}>{pay.extra}</Line>}
          </div>
        )}
      </aside>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!next && !open.isPending) setConfirming(false);
        }}
        title={deposit ? t('acceptors.confirmBuyTitle') : t('acceptors.confirmSellTitle')}
        onConfirm={send}
        busy={open.isPending}
        testId="deal-confirm"
      >
        <dl className="grid gap-2 text-sm">
          <Line label={t('acceptors.acceptor')}>{acceptor.name}</Line>
          <Line label={t('acceptors.way.label')}>{way && <WayName way={way} />}</Line>
          <Line label={t('acceptors.amount')}>
            <Num>{money}</Num> {coin}
          </Line>
          <Line label={t('acceptors.fee')}>
            <Num>{fee}</Num> {coin}
          </Line>
          <p className="mt-2 text-[0.8125rem] text-muted">{deposit ? t('acceptors.confirmBuyNote') : t('acceptors.confirmSellNote')}</p>
        </dl>
      </ConfirmDialog>
    </form>
  );
}
