import { generate, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, signedInPage } from './session';

const EMAIL = 'e2e.protected@tessera.example';
const PASSWORD = 'guard2026';
const FUND_PASSWORD = '135791';
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const STEP_MS = 30_000;

/**
 * Account protection in Chromium against the real server: the user binds an authenticator by
 * reading the secret the QR code holds, logs out, logs in with a code as the second step,
 * withdraws with a code, sees the session list, and ends another session, whose socket closes.
 */
describe('account protection: authenticator, withdrawal with a code, sessions', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let secret = '';
  /** the time step of the last code the server accepted: a code is accepted once */
  let usedStep = 0;

  const api = <T,>(call: string, params: Record<string, string> = {}, auth?: string, method: 'GET' | 'POST' = 'POST') => apiCall<T>(server.url, call, params, auth, method);

  /** A code of a step the server has not accepted yet (waits for the next step when the current one was used). */
  async function freshCode(): Promise<string> {
    while (Math.floor(Date.now() / STEP_MS) <= usedStep) await new Promise((resolve) => setTimeout(resolve, 500));
    usedStep = Math.floor(Date.now() / STEP_MS);
    return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  }

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();
    expect((await api('sms_mail', { user_string: EMAIL, type: 'register' })).type).toBe('ok');
    const code = (await api<{ code: string }[]>('dev/outbox', { to: EMAIL }, undefined, 'GET')).message[0]?.code ?? '';
    expect((await api('user/register', { type: 'email', user_string: EMAIL, code, password: PASSWORD, re_password: PASSWORD })).type).toBe('ok');
    const signed = await signedInPage(browser, server.url, EMAIL, PASSWORD);
    ({ context, page } = signed);
    expect((await api('safe/set_pay_password', { password: FUND_PASSWORD, repassword: FUND_PASSWORD, login_password: PASSWORD }, signed.token)).type).toBe('ok');
    expect((await api('wallet/addaddress', { currency_id: '3', address: TRON_ADDRESS, active: '1', notes: 'cold' }, signed.token)).type).toBe('ok');
    const operator = (await (await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    })).json()) as { token: string };
    const credit = await fetch(`${server.url}/admin/api/users/${signed.userId}/credit`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${operator.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currency_id: 3, wallet: 'change', amount: '500', reason: 'e2e funds' }),
    });
    expect(credit.status).toBe(200);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('binds an authenticator by reading the secret the QR code holds, and shows the recovery codes once', async () => {
    await page.goto(`${server.url}/account/accountSet`);
    await page.getByTestId('security-action-google').click();
    await page.getByTestId('google-bind-page').waitFor();
    secret = ((await page.getByTestId('google-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // the QR code on the page is the otpauth address of exactly this secret
    const qr = await page.getByTestId('google-qr').getAttribute('src');
    const expected = await QRCode.toString(generateURI({ issuer: 'Tessera', label: EMAIL, secret }), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(qr).toBe(`data:image/svg+xml;base64,${Buffer.from(expected).toString('base64')}`);

    await page.getByTestId('google-bind-code').fill(await freshCode());
    await page.getByTestId('google-bind-password').fill(PASSWORD);
    await page.getByTestId('google-bind-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-code').count()).toBe(10);
    await page.getByTestId('recovery-done').click();
    await page.waitForURL(/\/account\/accountSet$/);
    await expect.poll(() => page.getByTestId('security-status-google').textContent()).toContain('Bound');
    await expect.poll(() => page.getByTestId('security-strength').getAttribute('aria-valuenow')).toBe('75');
  });

  it('logs out, then logs in with the password and, as the second step, a code', async () => {
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/components\/login$/);
    await page.getByTestId('login-account').fill(EMAIL);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-second-step').waitFor();
    // a wrong code is refused with the catalogue's text
    await page.getByTestId('login-google-code').fill('000000');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Incorrect authenticator code');
    await page.getByTestId('login-google-code').fill(await freshCode());
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('account-menu').waitFor();
  });

  it('withdraws with a code: without one the form asks for it, with one the amount is frozen', async () => {
    await page.goto(`${server.url}/new_account/change`);
    const row = page.locator('[data-testid="wallet-row"][data-currency="USDT"]');
    await row.waitFor();
    await row.getByTestId('withdraw-toggle').click();
    const panel = row.getByTestId('withdraw-panel');
    await panel.getByTestId('withdraw-address').selectOption(TRON_ADDRESS);
    await panel.getByTestId('withdraw-amount').fill('100');
    await panel.getByTestId('withdraw-password').fill(FUND_PASSWORD);
    await panel.getByTestId('withdraw-submit').click();
    await expect.poll(() => panel.getByText('Please enter the code from your authenticator app').count()).toBeGreaterThan(0);
    expect(Number(await row.getAttribute('data-frozen'))).toBe(0);
    await panel.getByTestId('withdraw-google-code').fill(await freshCode());
    await panel.getByTestId('withdraw-submit').click();
    await expect.poll(async () => Number(await row.getAttribute('data-frozen')), { timeout: 10_000 }).toBe(100);
  });

  it('lists the sessions, and ends another one: its socket closes and its token stops working', async () => {
    // a second device: the password alone no longer logs in, it logs in with a code too
    const other = await signedInPage(browser, server.url, EMAIL, PASSWORD, { google_code: await freshCode() });
    // the other device holds the realtime connection open on the spot terminal
    const sockets: WebSocket[] = [];
    other.page.on('websocket', (socket) => sockets.push(socket));
    await other.page.goto(`${server.url}/dealCenter`);
    await expect.poll(() => sockets.filter((socket) => socket.url().includes('/wss/socket.io/') && !socket.isClosed()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const live = sockets.find((socket) => socket.url().includes('/wss/socket.io/') && !socket.isClosed());
    const closed = new Promise<boolean>((resolve) => live?.on('close', () => resolve(true)));
    const otherId = (await api<{ id: number; current: number }[]>('user/sessions', {}, other.token, 'GET')).message.find((session) => session.current === 1)?.id;

    await page.goto(`${server.url}/account/sessions`);
    await page.getByTestId('sessions-list').waitFor();
    await expect.poll(() => page.getByTestId('session-row').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="session-row"][data-current="1"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('login-history-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('login-history-result').allTextContents()).toEqual(expect.arrayContaining(['Logged in', 'Wrong code', 'Code asked']));

    await page.locator(`[data-testid="session-row"][data-session-id="${otherId}"]`).getByTestId('session-end').click();
    expect(await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))])).toBe(true);
    await expect.poll(() => page.locator(`[data-testid="session-row"][data-session-id="${otherId}"]`).count()).toBe(0);
    expect((await api('user/info', {}, other.token, 'GET')).type).toBe('999');
    // this device's own session goes on
    expect(await page.locator('[data-testid="session-row"][data-current="1"]').count()).toBe(1);
    await other.context.close();
  });
});
