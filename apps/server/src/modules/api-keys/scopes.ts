import { AddressAllowList } from '../admin/address-allow-list';

/** What a key may do: `read` the market and its owner's account, `trade` (orders, transfers between the owner's wallets), `withdraw`. */
export type ApiScope = 'read' | 'trade' | 'withdraw';
export const API_SCOPES: readonly ApiScope[] = ['read', 'trade', 'withdraw'];

/** A trading key without an IP allow-list is disabled after this long unused (a forgotten key on a leaked machine). */
export const UNUSED_TRADE_KEY_DAYS = 90;
const DAY_MS = 86_400_000;

export function parseScopes(text: string): ApiScope[] {
  return text.split(',').filter((scope): scope is ApiScope => (API_SCOPES as readonly string[]).includes(scope));
}

/** The key's allow-list, or none when it has no addresses (any address may use it). */
export function allowListOf(ips: string): AddressAllowList | undefined {
  return ips.trim() === '' ? undefined : AddressAllowList.parse(ips);
}

/** When an unused trading key without an allow-list is disabled; null for keys the rule does not touch. */
export function disablesAt(key: { scopes: string; ips: string; created_at: Date; last_used_at: Date | null }): Date | null {
  if (!parseScopes(key.scopes).includes('trade') || key.ips.trim() !== '') return null;
  return new Date((key.last_used_at ?? key.created_at).getTime() + UNUSED_TRADE_KEY_DAYS * DAY_MS);
}
