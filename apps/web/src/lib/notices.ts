/** The catalogue key of a notification's text: `notice: ` and its kind in words (`deposit_credited` → `notice: deposit credited`). */
export function noticeKey(kind: string): string {
  return `notice: ${kind.replaceAll('_', ' ')}`;
}

/**
 * A notification's text in the reader's language: the catalogue text of its kind with its
 * `{name}` placeholders filled from `params` (translated where a value is a catalogue key); the
 * server's own text when the kind is unknown here.
 */
export function noticeText(
  item: { kind: string; content: string; params: Record<string, string | number> },
  translate: (key: string) => string,
): string {
  const key = noticeKey(item.kind);
  const template = translate(key);
  if (template === key) return item.content;
  // a text value may itself be a catalogue key (a c2c order's state, `c2c order: completed`): shown translated
  const shown = (value: string | number) => (typeof value === 'string' ? translate(value) : String(value));
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(item.params, name) ? item.params[name] : undefined;
    return value === undefined ? whole : shown(value);
  });
}

/** Notifications newest first (by time, then by id), each once: pages loaded apart may overlap. */
export function newestFirst<T extends { id: number; created_at: string }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  const unique = items.filter((item) => !seen.has(item.id) && seen.add(item.id));
  return unique.sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1));
}

/** The unread count as the badge shows it: nothing at 0, `99+` above 99. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/**
 * The query families a new notification makes stale, by its kind: an acceptor deal's lists and
 * balances, a subscription's records, a deposit's or withdrawal's wallets, an identity review's
 * account data.
 */
export function staleAfter(kind: string): readonly string[] {
  if (kind.startsWith('acceptor_deal_')) return ['acceptor', 'wallet'];
  if (kind === 'tokens_unlockable') return ['upstart'];
  if (kind === 'deposit_credited' || kind.startsWith('withdrawal_')) return ['wallet'];
  if (kind.startsWith('identity_')) return ['user'];
  return [];
}
