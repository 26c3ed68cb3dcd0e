import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, signedInPage, spotBalance, type SignedInPage } from './session';

/**
 * Token subscription in the browser against the real server: the demo user opens /sg (the price
 * polled from bi/price), is stopped by the form's refusals without anything sent, subscribes 300
 * USDT after the confirmation, lands on /uplist with the locked subscription, and the USDT left the
 * spot account; a subscription whose frozen time is over is unlocked from /uplist into the spot
 * account, once. Needs apps/web/dist.
 */
describe('token subscription: /sg to /uplist', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: SignedInPage;
  let page: Page;

  const eventually = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });
  const subscriptions = async () =>
    (await apiCall<{ data: { status: number; amount: string }[] }>(server.url, 'user/uplists', { page: '1', limit: '50' }, user.token)).message.data;

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off', DEMO_FUNDS: 'on' });
    browser = await launchBrowser();
    user = await signedInPage(browser, server.url, 'demo@tessera.example', 'demo1234');
    page = user.page;
  });

  afterAll(async () => {
    await user?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the project with its issued share and cycle', async () => {
    await page.goto(`${server.url}/upstart`);
    await page.getByTestId('upstart-title').waitFor();
    expect(await page.getByTestId('upstart-stage').getAttribute('data-stage')).toBe('subscribing');
    expect(await page.getByTestId('issued-pie').getAttribute('data-issued')).toBe('0.00');
    expect(await page.getByTestId('cycle-start').getAttribute('data-reached')).toBe('true');
    expect(await page.getByTestId('cycle-end').getAttribute('data-reached')).toBe('false');
    await page.getByTestId('upstart-subscribe').click();
    await page.waitForURL(/\/sg$/);
  });

  it('refuses an amount that is not a whole multiple of 100 or above the balance, sending nothing', async () => {
    const form = page.getByTestId('subscribe-form');
    await eventually(async () => (await form.getByTestId('subscribe-price').textContent())?.trim()).toBe('0.8000');
    await form.getByTestId('subscribe-amount').fill('150');
    await form.getByTestId('subscribe-submit').click();
    await form.getByText('The amount must be a whole multiple of 100.').waitFor();
    await form.getByTestId('subscribe-amount').fill('20000');
    await form.getByTestId('subscribe-submit').click();
    await form.getByText('Your USDT balance is not enough.').waitFor();
    expect(await page.getByTestId('subscribe-confirm').count()).toBe(0);
    expect(await subscriptions()).toEqual([]);
  });

  it('subscribes 300 USDT after the confirmation and shows it locked on /uplist', async () => {
    const before = await spotBalance(server.url, user.token, 'USDT');
    const form = page.getByTestId('subscribe-form');
    await form.getByTestId('subscribe-amount').fill('300');
    expect((await form.getByTestId('subscribe-tokens').textContent())?.trim()).toBe('375.000000');
    await form.getByTestId('subscribe-submit').click();
    const dialog = page.getByTestId('subscribe-confirm');
    await dialog.waitFor();
    await dialog.getByTestId('subscribe-confirm-confirm').click();
    await page.waitForURL(/\/uplist$/);
    const row = page.getByTestId('subscription-row').first();
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('1');
    expect(Number(await row.getAttribute('data-amount'))).toBe(375);
    expect(await page.getByTestId('subscription-unlock').count()).toBe(0);
    await eventually(() => spotBalance(server.url, user.token, 'USDT')).toBe(before - 300);
    expect(await subscriptions()).toHaveLength(1);
  });

  it('unlocks a subscription whose frozen time is over into the spot account', async () => {
    const operatorLogin = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    });
    const operator = ((await operatorLogin.json()) as { token: string }).token;
    const operatorCall = async <T,>(method: 'POST' | 'PUT', path: string, body: object) => {
      const response = await fetch(`${server.url}/admin/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${operator}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    const wallets = await apiCall<{ change_wallet: { balance: { currency: number; currency_name: string }[] } }>(server.url, 'wallet/list', {}, user.token);
    const token = wallets.message.change_wallet.balance.find((item) => item.currency_name === 'TSR');
    expect(token).toBeDefined();
    // a second project without a frozen time: its subscriptions are unlockable at once
    const project = {
      title: 'e2e round without a lock',
      currency_id: token?.currency,
      total: '1000',
      price: '1',
      stage: 2,
      start_at: new Date(Date.now() - 3_600_000).toISOString(),
      end_at: new Date(Date.now() + 86_400_000).toISOString(),
      frozen_hours: 0,
    };
    const { id } = await operatorCall<{ id: number }>('POST', '/upstart/projects', project);
    expect((await apiCall(server.url, 'user/up_order', { amount: '100', buymoney: 'USDT', id: String(id) }, user.token)).type).toBe('ok');
    await operatorCall('PUT', `/upstart/projects/${id}`, { ...project, stage: 3 });
    await eventually(async () => (await subscriptions()).some((row) => row.status === 2)).toBe(true);

    const tokensBefore = await spotBalance(server.url, user.token, 'TSR');
    await page.goto(`${server.url}/uplist`);
    const row = page.locator('[data-testid="subscription-row"][data-status="2"]');
    await row.getByTestId('subscription-unlock').click();
    await page.locator('[data-testid="subscription-row"][data-status="3"]').waitFor();
    await eventually(() => spotBalance(server.url, user.token, 'TSR')).toBe(tokensBefore + 100);
    // a second unlock is refused and credits nothing
    const unlocked = (await apiCall<{ data: { id: number; status: number }[] }>(server.url, 'user/uplists', { page: '1', limit: '50' }, user.token)).message.data.find((item) => item.status === 3);
    expect((await apiCall(server.url, 'user/unlock', { id: String(unlocked?.id) }, user.token)).type).toBe('error');
    expect(await spotBalance(server.url, user.token, 'TSR')).toBe(tokensBefore + 100);
  });
});
