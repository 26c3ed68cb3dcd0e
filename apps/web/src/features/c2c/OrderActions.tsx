import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { C2cOrder } from '../../api';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AlertIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { showToast } from '../../components/toast-store';
import { orderActions } from '../../lib/trading/c2c';
import { errorText } from '../auth';
import { useOrderStep, type OrderStepName } from './queries';

type Pending = 'cancel' | 'pay' | 'release' | null;

/**
 * The buttons of one order for the viewer's side, each behind a confirmation: the buyer cancels or
 * declares payment (with the warning that malicious clicks freeze the account), the seller
 * confirms receipt, which releases the coins.
 */
export function OrderActions({ order, size = 'md' }: { order: C2cOrder; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const actions = orderActions(order);
  const step = useOrderStep();
  const [pending, setPending] = useState<Pending>(null);

  if (!actions.cancel && !actions.pay && !actions.release) return null;

  const run = (name: OrderStepName, done: string) =>
    step.mutate(
      { id: order.id, step: name },
      {
        onSuccess: () => {
          showToast(done, 'success');
          setPending(null);
        },
        onError: (error) => {
          showToast(errorText(error), 'error');
          setPending(null);
        },
      },
    );

  const close = (open: boolean) => !open && setPending(null);
  const summary = (
    <p className="mt-3 text-[0.8125rem] text-muted">
      <Num className="font-medium text-fg">
        {order.number} {order.currency_name} · {order.deal_money} CNY
      </Num>
    </p>
  );

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="order-actions">
      {actions.cancel && (
        <Button variant="secondary" size={size} onClick={() => setPending('cancel')} data-testid="order-cancel">
          {t('c2c.action.cancel')}
        </Button>
      )}
      {actions.pay && (
        <Button size={size} onClick={() => setPending('pay')} data-testid="order-pay">
          {t('c2c.action.pay')}
        </Button>
      )}
      {actions.release && (
        <Button size={size} className="bg-up text-white hover:bg-up/90" onClick={() => setPending('release')} data-testid="order-release">
          {t('c2c.action.release')}
        </Button>
      )}

      <ConfirmDialog
        open={pending === 'cancel'}
        onOpenChange={close}
        title={t('c2c.action.cancelTitle')}
        confirmLabel={t('c2c.action.cancel')}
        tone="down"
        busy={step.isPending}
        testId="cancel-confirm"
        onConfirm={() => run('cancel', t('c2c.action.cancelled'))}
      >
        <p className="text-[0.875rem] text-muted">{t('c2c.action.cancelBody')}</p>
        {summary}
      </ConfirmDialog>

      <ConfirmDialog
        open={pending === 'pay'}
        onOpenChange={close}
        title={t('c2c.action.payTitle')}
        confirmLabel={t('c2c.action.pay')}
        busy={step.isPending}
        testId="pay-confirm"
        onConfirm={() => run('pay', t('c2c.action.paid'))}
      >
        <div role="alert" className="flex gap-2.5 rounded-lg border border-warn/40 bg-warn/10 px-3 py-2.5 text-[0.8125rem] text-fg" data-testid="pay-warning">
          <AlertIcon size={18} className="mt-px shrink-0 text-warn" />
          {t('c2c.action.payWarning')}
        </div>
        <p className="mt-3 text-[0.875rem] text-muted">{t('c2c.action.payBody')}</p>
        {summary}
      </ConfirmDialog>

      <ConfirmDialog
        open={pending === 'release'}
        onOpenChange={close}
        title={t('c2c.action.releaseTitle')}
        confirmLabel={t('c2c.action.release')}
        tone="up"
        busy={step.isPending}
        testId="release-confirm"
        onConfirm={() => actions.release && run(actions.release, t('c2c.action.released'))}
      >
        <p className="text-[0.875rem] text-muted">{t('c2c.action.releaseBody')}</p>
        {summary}
      </ConfirmDialog>
    </div>
  );
}
