import type { MessageKey } from '@tessera/protocol';

/** What a notification tells, and the catalogue text it is shown with (its `{params}` filled in). */
export const NOTICE_TEXT = {
  deposit_credited: 'notice: deposit credited',
  withdrawal_approved: 'notice: withdrawal approved',
  withdrawal_rejected: 'notice: withdrawal rejected',
  withdrawal_sent: 'notice: withdrawal sent',
  withdrawal_failed: 'notice: withdrawal failed',
  identity_approved: 'notice: identity approved',
  identity_rejected: 'notice: identity rejected',
  position_liquidated: 'notice: position liquidated',
  c2c_order_changed: 'notice: c2c order changed',
  acceptor_deal_opened: 'notice: acceptor deal opened',
  acceptor_deal_confirmed: 'notice: acceptor deal confirmed',
  acceptor_deal_rejected: 'notice: acceptor deal rejected',
  acceptor_deal_paid: 'notice: acceptor deal paid',
  tokens_unlockable: 'notice: tokens unlockable',
} as const satisfies Record<string, MessageKey>;

export type NoticeKind = keyof typeof NOTICE_TEXT;

/** The values a notice's text names: amounts as exact decimal text, names, ids. */
export type NoticeParams = Record<string, string | number>;

/** How any module tells a user something: the one entry point of the notifications module. */
export type Notify = (userId: number, kind: NoticeKind, params?: NoticeParams) => Promise<void>;

export function isNoticeKind(kind: string): kind is NoticeKind {
  return Object.hasOwn(NOTICE_TEXT, kind);
}
