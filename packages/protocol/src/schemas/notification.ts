import { z } from 'zod';
import { cacheBusting, optionalWholeNumber, pageQuery } from './form';

export const notificationItem = z.object({
  id: z.int(),
  kind: z.string().describe('deposit_credited, withdrawal_approved, withdrawal_rejected, withdrawal_sent, withdrawal_failed, identity_approved, identity_rejected, position_liquidated, c2c_order_changed, acceptor_deal_*, tokens_unlockable'),
  content: z.string().describe('the text, in the `lang` of the request'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).describe('the values the text names (amount, currency, id, ...)'),
  is_read: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});

export const notificationPage = z.object({ list: z.array(notificationItem), page: z.int(), pages: z.int(), total: z.int(), unread: z.int() });
export const notificationListBody = z.object({ ...pageQuery, ...cacheBusting });
export const notificationReadBody = z.object({ id: optionalWholeNumber.describe('one notification; without it, all of them') });

/** The socket push of a new notification: event `notification`, to its owner only. */
export const notificationPush = z.object({ type: z.literal('notification'), user_id: z.int(), id: z.int(), kind: z.string(), unread: z.int() });
