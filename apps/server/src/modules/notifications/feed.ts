import { formatAmount } from '../../core/amount';
import type { AcceptorDealState } from '../../core/acceptors/state';
import { coinsOf, DEAL_STATUS } from '../../core/acceptors/state';
import type { Core } from '../../core/core';
import { SUBSCRIPTION_STATUS, type SubscriptionState } from '../../core/subscriptions/state';
import type { WithdrawalState } from '../../core/withdrawals/state';
import type { NoticeKind, Notify } from './kinds';

const WITHDRAWAL_NOTICE: Partial<Record<WithdrawalState['status'], NoticeKind>> = {
  approved: 'withdrawal_approved',
  rejected: 'withdrawal_rejected',
  success: 'withdrawal_sent',
  in_station: 'withdrawal_sent',
  failed: 'withdrawal_failed',
};

/**
 * Notifications from the core's durable events: withdrawals decided, acceptor deals moved on,
 * subscriptions become unlockable. (Deposits credited and identity reviews notify from their
 * services, which the core does not see.)
 */
export function feedNotificationsFromCore(core: Core, notify: Notify, currencyNames: () => Promise<Map<number, string>>): void {
  const currency = async (id: number) => (await currencyNames()).get(id) ?? '';

  core.events.on('withdrawals', (withdrawals) => {
    void (async () => {
      for (const withdrawal of withdrawals) {
        const kind = WITHDRAWAL_NOTICE[withdrawal.status];
        if (!kind) continue;
        const params = { amount: formatAmount(withdrawal.amount), currency: await currency(withdrawal.currencyId), id: withdrawal.id };
        await notify(withdrawal.userId, kind, params);
        if (withdrawal.status === 'in_station' && withdrawal.recipientId !== null) {
          await notify(withdrawal.recipientId, 'deposit_credited', { ...params, amount: formatAmount(withdrawal.amount - withdrawal.fee) });
        }
      }
    })();
  });

  core.events.on('acceptorDeals', (deals) => {
    void (async () => {
      for (const deal of deals) await notifyDeal(deal, notify, await currency(deal.currencyId));
    })();
  });

  core.events.on('subscriptions', (subscriptions: SubscriptionState[]) => {
    void (async () => {
      for (const subscription of subscriptions) {
        if (subscription.status !== SUBSCRIPTION_STATUS.unlockable) continue;
        await notify(subscription.userId, 'tokens_unlockable', { amount: formatAmount(subscription.amount), currency: await currency(subscription.currencyId), id: subscription.id });
      }
    })();
  });
}

async function notifyDeal(deal: AcceptorDealState, notify: Notify, currency: string): Promise<void> {
  const params = { id: deal.id, amount: formatAmount(coinsOf(deal)), currency };
  if (deal.isSure === DEAL_STATUS.open) await notify(deal.acceptorId, 'acceptor_deal_opened', params);
  else if (deal.isSure === DEAL_STATUS.confirmed) await notify(deal.userId, 'acceptor_deal_confirmed', params);
  else if (deal.isSure === DEAL_STATUS.rejected) await notify(deal.userId, 'acceptor_deal_rejected', params);
  else await notify(deal.userId, 'acceptor_deal_paid', params);
}
