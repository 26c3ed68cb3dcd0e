import { describe, expect, it } from 'vitest';
import { badgeText, newestFirst, noticeKey, noticeText, staleAfter } from './notices';

const catalogue: Record<string, string> = {
  'notice: deposit credited': 'Deposit credited: {amount} {currency}',
  'notice: identity rejected': 'Rejected: {reason}',
  'notice: c2c order changed': 'طلبك بالعملة الورقية {id} أصبح: {status}',
  'c2c order: completed': 'مكتمل',
};
const translate = (key: string) => catalogue[key] ?? key;

describe('notification texts', () => {
  it('names the catalogue key of a kind', () => {
    expect(noticeKey('acceptor_deal_paid')).toBe('notice: acceptor deal paid');
  });

  it('fills the placeholders from the params and leaves unknown ones', () => {
    expect(noticeText({ kind: 'deposit_credited', content: 'x', params: { amount: '500', currency: 'USDT' } }, translate)).toBe('Deposit credited: 500 USDT');
    expect(noticeText({ kind: 'identity_rejected', content: 'x', params: {} }, translate)).toBe('Rejected: {reason}');
  });

  it('translates a param that is itself a catalogue key (a c2c order state), never shows the key', () => {
    expect(noticeText({ kind: 'c2c_order_changed', content: 'x', params: { id: 7, status: 'c2c order: completed' } }, translate)).toBe('طلبك بالعملة الورقية 7 أصبح: مكتمل');
  });

  it('lists newest first, each notification once', () => {
    const rows = [
      { id: 3, created_at: '2026-11-27 10:00:00' },
      { id: 5, created_at: '2026-11-27 11:00:00' },
      { id: 4, created_at: '2026-11-27 11:00:00' },
      { id: 5, created_at: '2026-11-27 11:00:00' },
    ];
    expect(newestFirst(rows).map((row) => row.id)).toEqual([5, 4, 3]);
  });

  it("shows the server's text for a kind it does not know", () => {
    expect(noticeText({ kind: 'something_new', content: 'Server text', params: {} }, translate)).toBe('Server text');
  });

  it('does not read inherited properties as params', () => {
    expect(noticeText({ kind: 'identity_rejected', content: 'x', params: {} }, (key) => (key === 'notice: identity rejected' ? '{constructor}' : key))).toBe('{constructor}');
  });
});

describe('badge', () => {
  it('shows nothing at zero and caps at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('what a notification makes stale', () => {
  it('names the query families of its kind', () => {
    expect(staleAfter('acceptor_deal_opened')).toEqual(['acceptor', 'wallet']);
    expect(staleAfter('tokens_unlockable')).toEqual(['upstart']);
    expect(staleAfter('withdrawal_rejected')).toEqual(['wallet']);
    expect(staleAfter('identity_approved')).toEqual(['user']);
    expect(staleAfter('c2c_order_changed')).toEqual([]);
  });
});
