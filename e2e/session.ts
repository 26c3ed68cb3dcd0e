import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface Envelope<T = unknown> {
  type: string;
  message: T;
  [extra: string]: unknown;
}

/** One call of the `/api` wire, form-encoded like the web app's. */
export async function apiCall<T>(base: string, call: string, params: Record<string, string> = {}, auth?: string, method: 'GET' | 'POST' = 'POST') {
  const headers: Record<string, string> = auth ? { Authorization: auth } : {};
  const init: RequestInit = { method, headers };
  if (method === 'POST') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(params).toString();
  }
  const query = method === 'GET' ? `?${new URLSearchParams(params).toString()}` : '';
  return (await (await fetch(`${base}/api/${call}${query}`, init)).json()) as Envelope<T>;
}

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  token: string;
  userId: number;
}

/**
 * Logs a demo account in through the API and opens a browser context holding its session.
 * `loginFields`: more login fields (`google_code` for an account with an authenticator).
 */
export async function signedInPage(browser: Browser, base: string, account: string, password: string, loginFields: Record<string, string> = {}): Promise<SignedInPage> {
  const login = await apiCall<string>(base, 'user/login', { user_string: account, password, type: '1', ...loginFields });
  if (login.type !== 'ok') throw new Error(`login of ${account} refused: ${String(login.message)}`);
  const token = typeof login.token === 'string' ? login.token : login.message;
  const userId = (await apiCall<{ id: number }>(base, 'user/info', {}, token, 'GET')).message.id;
  const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${base}/noticeList`);
  await page.evaluate(
    (session) => {
      for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
    },
    { token, user_id: String(userId), accountNum: account, is_vistor: '0', is_seller: '0' },
  );
  return { context, page, token, userId };
}

/** The available change-wallet balance of one currency, as `wallet/list` reports it. */
export async function spotBalance(base: string, token: string, currencyName: string): Promise<number> {
  const wallets = await apiCall<{ change_wallet: { balance: { currency_name: string; change_balance: string }[] } }>(base, 'wallet/list', {}, token);
  const row = wallets.message.change_wallet.balance.find((item) => item.currency_name === currencyName);
  return Number(row?.change_balance ?? 'NaN');
}

/** The development operator of a fresh server (admin role, no second factor outside production). */
export const DEV_OPERATOR = { email: 'admin@tessera.example', password: 'admin-dev-password' } as const;

/** An operator session token through the operator API. */
export async function operatorLogin(base: string, email: string = DEV_OPERATOR.email, password: string = DEV_OPERATOR.password, totp?: string): Promise<string> {
  const response = await fetch(`${base}/admin/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, ...(totp ? { totp } : {}) }),
  });
  if (response.status !== 200) throw new Error(`operator login refused: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** One call of the operator API (JSON in and out). */
export async function operatorCall<T>(base: string, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}/admin/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}
