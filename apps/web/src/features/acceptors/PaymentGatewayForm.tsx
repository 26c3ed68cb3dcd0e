import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentApi, type PaymentGatewayForm as SignedForm } from '../../api';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LockIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { checkPayment, postToGateway, PAYMENT_DECIMALS, type PaymentProblems } from '../../lib/payment';
import { isBlockedKey, limitDecimals } from '../../lib/trading/order';
import { GuestNotice, useIsGuest } from '../account';
import { errorText } from '../auth';

/**
 * The card payment form: the paying account and an amount in CNY. The server answers a signed
 * order (what it will credit); after a confirmation the browser posts it to the payment gateway,
 * which credits the order through its signed callback.
 */
export function PaymentGatewayForm() {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<PaymentProblems>({});
  const [signed, setSigned] = useState<SignedForm | null>(null);
  const open = useMutation({ mutationFn: () => paymentApi.form({ account: account.trim(), amount: amount.trim() }) });
  const problem = (key: keyof PaymentProblems) => (problems[key] ? t(`cardPayment.problem.${problems[key]}`) : undefined);

  function submit() {
    const found = checkPayment(account, amount);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    open.mutate(undefined, {
      onSuccess: (form) => setSigned(form),
      onError: (error) => showToast(errorText(error), 'error', 4000),
    });
  }

  return (
    <section className="rounded-xl border border-line bg-surface" data-testid="payment-gateway">
      <header className="border-b border-line px-4 py-4 sm:px-6">
        <h2 className="text-lg font-semibold text-fg">{t('cardPayment.title')}</h2>
        <p className="mt-0.5 text-[0.8125rem] text-muted">{t('cardPayment.subtitle')}</p>
      </header>
      {guest ? (
        <GuestNotice icon={<LockIcon size={26} />} title={t('acceptors.guestTitle')} body={t('acceptors.guestBody')} />
      ) : (
        <form
          noValidate
          className="grid max-w-md gap-4 px-4 py-5 sm:px-6"
          data-testid="payment-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            label={t('cardPayment.account')}
            value={account}
            autoComplete="off"
            ltrValue
            maxLength={64}
            error={problem('account')}
            data-testid="payment-account"
            onChange={(event) => {
              setAccount(event.target.value);
              setProblems((current) => ({ ...current, account: undefined }));
            }}
          />
          <TextField
            label={t('cardPayment.amount')}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            ltrValue
            maxLength={12}
            placeholder="0.00"
            error={problem('amount')}
            data-testid="payment-amount"
            onKeyDown={(event) => {
              if (isBlockedKey(event.key)) event.preventDefault();
            }}
            onChange={(event) => {
              setAmount(limitDecimals(event.target.value, PAYMENT_DECIMALS));
              setProblems((current) => ({ ...current, amount: undefined }));
            }}
            end={<span className="pe-3 text-[0.8125rem] text-muted">CNY</span>}
          />
          <p className="text-[0.75rem] text-faint">{t('cardPayment.note')}</p>
          <Button type="submit" size="lg" busy={open.isPending} data-testid="payment-submit">
            {t('cardPayment.submit')}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={signed !== null}
        onOpenChange={(next) => {
          if (!next) setSigned(null);
        }}
        title={t('cardPayment.confirmTitle')}
        confirmLabel={t('cardPayment.toGateway')}
        onConfirm={() => {
          if (signed) postToGateway(document, signed);
        }}
        testId="payment-confirm"
      >
        {signed && (
          <dl className="grid gap-2 text-sm">
            <Row label={t('cardPayment.order')}>
              <Num>{signed.fields.orderNo ?? '—'}</Num>
            </Row>
            <Row label={t('cardPayment.pay')}>
              <Num>{signed.fields.orderAmount ?? amount}</Num> {signed.fields.orderCurrency ?? 'CNY'}
            </Row>
            <Row label={t('cardPayment.credit')}>
              <span className="font-semibold text-fg" data-testid="payment-credit">
                <Num>{signed.credit}</Num> {signed.credit_currency}
              </span>
            </Row>
            <p className="mt-2 text-[0.8125rem] text-muted">{t('cardPayment.confirmNote')}</p>
          </dl>
        )}
      </ConfirmDialog>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-end text-fg">{children}</dd>
    </div>
  );
}
