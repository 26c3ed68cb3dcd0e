import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TINY_PNG } from '../apps/server/test/support/multipart';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall } from './session';

const PASSWORD = 'wallet2026';
const FUND_PASSWORD = '246810';
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const DEPOSIT_HASH = '7'.repeat(64);

/**
 * Deposits and withdrawals in the browser against the real server: a user submits a manual
 * deposit with a proof image on the change page, the operator confirms it through the operator
 * API, and the balance appears without a reload; the user then withdraws through the panel (the
 * amount is frozen), the operator rejects, and the refund appears. Needs apps/web/dist.
 */
describe('wallets: deposit and withdrawal', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let userId: number;
  let operator: string;

  const eventually = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });

  const api = <T,>(call: string, params: Record<string, string> = {}, auth?: string, method: 'GET' | 'POST' = 'POST') => apiCall<T>(server.url, call, params, auth, method);

  async function operatorCall<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const response = await fetch(`${server.url}/admin/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${operator}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  const usdtRow = () => page.locator('[data-testid="wallet-row"][data-currency="USDT"]');
  const balance = async (field: 'data-available' | 'data-frozen') => Number(await usdtRow().getAttribute(field));

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();
    const email = 'e2e.wallet@tessera.example';
    expect((await api('sms_mail', { user_string: email, type: 'register' })).type).toBe('ok');
    const code = (await api<{ code: string }[]>('dev/outbox', { to: email }, undefined, 'GET')).message[0]?.code ?? '';
    expect((await api('user/register', { type: 'email', user_string: email, code, password: PASSWORD, re_password: PASSWORD })).type).toBe('ok');
    const login = await api<string>('user/login', { user_string: email, password: PASSWORD, type: '1' });
    token = typeof login.token === 'string' ? login.token : login.message;
    userId = (await api<{ id: number }>('user/info', {}, token, 'GET')).message.id;
    expect((await api('safe/set_pay_password', { password: FUND_PASSWORD, repassword: FUND_PASSWORD, login_password: PASSWORD }, token)).type).toBe('ok');
    expect((await api('wallet/addaddress', { currency_id: '3', address: TRON_ADDRESS, active: '1', notes: 'cold wallet' }, token)).type).toBe('ok');
    const operatorLogin = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    });
    operator = ((await operatorLogin.json()) as { token: string }).token;

    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    await page.goto(`${server.url}/noticeList`);
    await page.evaluate((session) => {
      for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
    }, { token, user_id: String(userId), accountNum: email, is_vistor: '0', is_seller: '0' });
    await page.goto(`${server.url}/new_account/change`);
    await usdtRow().waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('credits a manual deposit once the operator confirms it, live on the page', async () => {
    expect(await balance('data-available')).toBe(0);
    await usdtRow().getByTestId('deposit-toggle').click();
    const panel = usdtRow().getByTestId('deposit-panel');
    await expect.poll(() => panel.getByTestId('deposit-address').first().textContent()).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await panel.getByTestId('manual-deposit-open').click();
    const form = page.getByTestId('manual-deposit-form');
    await form.getByTestId('manual-deposit-hash').fill(DEPOSIT_HASH);
    await form.getByTestId('manual-deposit-account').fill('TXsenderWalletOfMine');
    await form.getByTestId('manual-deposit-amount').fill('500');
    await form.getByTestId('manual-deposit-file').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.locator('[data-testid="manual-deposit-preview"][data-uploaded="true"]').waitFor();
    await form.getByTestId('manual-deposit-submit').click();
    await form.waitFor({ state: 'detached' });

    const pending = await operatorCall<{ list: { id: number; user_id: number; hash: string; proof_url: string }[] }>('GET', '/deposits?status=0');
    const request = pending.list.find((item) => item.user_id === userId);
    expect(request).toMatchObject({ hash: DEPOSIT_HASH });
    expect(request?.proof_url).toMatch(/^\/uploads\/.+\.png$/);
    // nothing is credited before the operator's decision
    expect(await balance('data-available')).toBe(0);
    expect(await operatorCall('POST', `/deposits/${request?.id}/confirm`, { output_index: 0 })).toMatchObject({ applied: true, status: 1 });
    await eventually(() => balance('data-available')).toBe(500);
    // a second confirmation credits nothing
    expect(await operatorCall('POST', `/deposits/${request?.id}/confirm`, { output_index: 0 })).toMatchObject({ applied: false });
  });

  it('freezes a withdrawal, and refunds it live when the operator rejects it', async () => {
    await usdtRow().getByTestId('withdraw-toggle').click();
    const panel = usdtRow().getByTestId('withdraw-panel');
    await panel.getByTestId('withdraw-address').selectOption(TRON_ADDRESS);
    await panel.getByTestId('withdraw-amount').fill('120');
    await expect.poll(async () => (await panel.getByTestId('withdraw-received').textContent())?.trim()).toMatch(/^119(\.0+)?/);
    await panel.getByTestId('withdraw-password').fill(FUND_PASSWORD);
    await panel.getByTestId('withdraw-submit').click();
    await eventually(() => balance('data-frozen')).toBe(120);
    expect(await balance('data-available')).toBe(380);

    const applying = await operatorCall<{ list: { id: number; user_id: number; number: string }[] }>('GET', '/withdrawals?status=applying');
    const withdrawal = applying.list.find((item) => item.user_id === userId);
    expect(withdrawal?.number).toBe('120.00000000');
    expect(await operatorCall('POST', `/withdrawals/${withdrawal?.id}/reject`, { reason: 'e2e' })).toEqual({ applied: true, status: 'rejected' });
    await eventually(() => balance('data-frozen')).toBe(0);
    expect(await balance('data-available')).toBe(500);
    const audit = await operatorCall<{ ok: boolean }>('GET', '/audit');
    expect(audit.ok).toBe(true);
  });
});
