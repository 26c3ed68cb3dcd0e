import { isPositive } from './trading/decimal';

/** Card payments are in CNY with at most 2 decimals. */
export const PAYMENT_DECIMALS = 2;

export type PaymentProblem = 'enterAccount' | 'enterAmount' | 'amountFormat';
export type PaymentProblems = Partial<Record<'account' | 'amount', PaymentProblem>>;

/** The payment form's checks: an account, and an amount above zero with at most 2 decimals. */
export function checkPayment(account: string, amount: string): PaymentProblems {
  const problems: PaymentProblems = {};
  if (!account.trim()) problems.account = 'enterAccount';
  const text = amount.trim();
  if (!isPositive(text)) problems.amount = 'enterAmount';
  else if (!/^\d+(\.\d{1,2})?$/.test(text)) problems.amount = 'amountFormat';
  return problems;
}

/**
 * Posts the signed fields to the gateway as a real form (a top-level navigation, as a gateway
 * expects): a hidden form is built, submitted and removed.
 */
export function postToGateway(doc: Document, form: { action: string; method: string; fields: Record<string, string> }): void {
  const element = doc.createElement('form');
  element.method = form.method.toLowerCase() === 'get' ? 'get' : 'post';
  element.action = form.action;
  element.style.display = 'none';
  for (const [name, value] of Object.entries(form.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  doc.body.appendChild(element);
  element.submit();
  element.remove();
}
