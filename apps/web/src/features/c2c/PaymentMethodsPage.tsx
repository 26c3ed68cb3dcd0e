import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, type CashInfo } from '../../api';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { cashWays, checkCashInfo, hasProblems, type CashProblems } from '../../lib/trading/c2c';
import { errorText, FormAlert } from '../auth';
import { C2cCard, C2cNav, WayIcons } from './common';
import { InlineError } from './lists';
import { useCashInfo, useSaveCashInfo } from './queries';

/**
 * The payment-methods card, self-contained so other screens can place it (the account centre's
 * userSetting and payment pages): the real name, and at least one of bank card, Alipay, WeChat.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const cash = useCashInfo();
  return (
    <C2cCard title={t('c2c.cash.title')} subtitle={t('c2c.cash.subtitle')} testId="payment-methods">
      {cash.isPending ? (
        <Loading label={t('common.loading')} className="py-12" />
      ) : cash.isError ? (
        <InlineError text={errorText(cash.error)} onRetry={() => void cash.refetch()} />
      ) : (
        <CashForm saved={cash.data} />
      )}
    </C2cCard>
  );
}

/** `/userSetting`: the payment methods beside the c2c sections (where a 997 refusal leads). */
export function UserSettingPage() {
  return (
    <div className="mx-auto flex w-full max-w-[48rem] flex-1 flex-col gap-3 px-3 py-4 sm:px-5 sm:py-6">
      <C2cNav />
      <PaymentMethodsPage />
    </div>
  );
}

function CashForm({ saved }: { saved: CashInfo }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CashInfo>(saved);
  const [problems, setProblems] = useState<CashProblems>({});
  const save = useSaveCashInfo();
  const set = (patch: Partial<CashInfo>) => setForm((current) => ({ ...current, ...patch }));
  const problem = (key: keyof CashProblems) => {
    const found = problems[key];
    return found && apitip(found);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkCashInfo(form);
    setProblems(found);
    if (hasProblems(found)) return;
    const trimmed = Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value.trim()])) as unknown as CashInfo;
    save.mutate(
      { ...trimmed, bank_account: trimmed.bank_account.replace(/\s+/g, '') },
      { onSuccess: () => showToast(t('c2c.cash.saved'), 'success') },
    );
  }

  const savedWays = cashWays(saved);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5 px-4 py-5 sm:px-6 sm:py-6" data-testid="payment-methods-form">
      {save.isError && <FormAlert testId="payment-failure">{errorText(save.error)}</FormAlert>}
      {problems.methods && <FormAlert testId="payment-methods-missing">{problem('methods')}</FormAlert>}
      <p className="flex items-center gap-2 text-[0.8125rem] text-muted" data-testid="payment-saved-ways">
        {savedWays.length > 0 ? (
          <>
            {t('c2c.cash.savedWays')} <WayIcons ways={savedWays} />
          </>
        ) : (
          t('c2c.cash.none')
        )}
      </p>
      <TextField
        label={t('c2c.cash.realName')}
        value={form.real_name}
        maxLength={40}
        autoComplete="name"
        onChange={(event) => set({ real_name: event.target.value })}
        error={problem('real_name')}
        data-testid="cash-real-name"
      />
      <fieldset className="grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 text-[0.8125rem] font-medium text-fg">{t('c2c.way.bank')}</legend>
        <TextField
          label={t('c2c.cash.bankName')}
          value={form.bank_name}
          maxLength={60}
          onChange={(event) => set({ bank_name: event.target.value })}
          error={problem('bank')}
          data-testid="cash-bank-name"
        />
        <TextField
          label={t('c2c.cash.bankAccount')}
          value={form.bank_account}
          maxLength={40}
          inputMode="numeric"
          onChange={(event) => set({ bank_account: event.target.value })}
          error={problem('bank_account')}
          ltrValue
          data-testid="cash-bank-account"
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border border-line p-4">
        <legend className="px-1 text-[0.8125rem] font-medium text-fg">{t('c2c.way.ali_pay')}</legend>
        <TextField
          label={t('c2c.cash.alipayAccount')}
          value={form.alipay_account}
          maxLength={80}
          onChange={(event) => set({ alipay_account: event.target.value })}
          ltrValue
          data-testid="cash-alipay"
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-2">
        <legend className="px-1 text-[0.8125rem] font-medium text-fg">{t('c2c.way.we_chat')}</legend>
        <TextField
          label={t('c2c.cash.wechatNickname')}
          value={form.wechat_nickname}
          maxLength={60}
          onChange={(event) => set({ wechat_nickname: event.target.value })}
          data-testid="cash-wechat-nickname"
        />
        <TextField
          label={t('c2c.cash.wechatAccount')}
          value={form.wechat_account}
          maxLength={80}
          onChange={(event) => set({ wechat_account: event.target.value })}
          ltrValue
          data-testid="cash-wechat"
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" busy={save.isPending} data-testid="cash-submit">
          {t('c2c.cash.save')}
        </Button>
      </div>
    </form>
  );
}
