import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, signedInPage, spotBalance, type SignedInPage } from './session';

/**
 * Token subscription in the browser against the real server: the demo user opens /sg (the price
 * polled from bi/price), is stopped by the form's refusals without anything sent, subscribes 300
 * USDT after the confirmation, lands on /uplist with the locked subscription, and the USDT left the
 * spot account. Needs apps/web/dist.
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
});
