/**
 * Display helpers shared by server and client. Amounts travel as decimal strings; these cut them
 * to N decimals by flooring toward zero on the text itself, never through a float (spec: "Balances
 * displayed are floored, not rounded").
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function floorDecimal(value: string, decimals: number): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal number: ${value}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cut = fraction.slice(0, decimals).padEnd(decimals, '0');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(cut);
  const integer = whole.replace(/^0+(?=\d)/, '');
  return `${isZero ? '' : sign}${integer}${decimals > 0 ? `.${cut}` : ''}`;
}

/** Masks an account for display: 11-digit phone → 3 + **** + 4; e-mail → first 3 of the local part. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(3, at))}****${account.slice(at)}`;
  if (account.length <= 7) return account;
  return `${account.slice(0, 3)}****${account.slice(-4)}`;
}
