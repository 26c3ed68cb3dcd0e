import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, signedInPage, spotBalance, type SignedInPage } from './session';

/**
 * An acceptor deposit deal in two browsers against the real server: the demo user opens a deposit
 * deal with the demo acceptor (the second demo account); the acceptor, signed in in a second
 * browser context, confirms it from their desk; the user sees it completed, the coins less the
 * acceptor's 1 % arrive in the spot account and a notification waits in the header. A withdrawal
 * is escrowed, marked paid by the acceptor and confirmed by the user. A card
 * payment through the development gateway credits its order. Needs apps/web/dist.
 */
describe('acceptors: a deposit deal confirmed by the acceptor', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: SignedInPage;
  let acceptor: SignedInPage;

  const eventually = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });
  const myDeals = async () =>
    (await apiCall<{ list: { id: number; is_sure: number }[] }>(server.url, 'acceptor/my_deal', { page: '1', limit: '10' }, user.token, 'GET')).message.list;

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off', DEMO_FUNDS: 'on' });
    browser = await launchBrowser();
    user = await signedInPage(browser, server.url, 'demo@tessera.example', 'demo1234');
    acceptor = await signedInPage(browser, server.url, 'trader@tessera.example', 'trader1234');
  });

  afterAll(async () => {
    await user?.context.close();
    await acceptor?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the demo acceptor and refuses an incomplete deal without sending it', async () => {
    const page = user.page;
    await page.goto(`${server.url}/account/aceite`);
    const item = page.locator(`[data-testid="acceptor-item"][data-id="${acceptor.userId}"]`);
    await item.waitFor();
    await item.getByTestId('acceptor-deposit').click();
    await page.waitForURL(/\/account\/rechargeMoney\?id=\d+&current=0$/);
    const form = page.getByTestId('deal-form');
    expect(await form.getAttribute('data-direction')).toBe('buy');
    await form.getByTestId('deal-submit').click();
    await form.getByText('Enter the mobile number.').waitFor();
    await form.getByText('Enter your payment account.').waitFor();
    await form.getByText('Enter an amount above zero.').waitFor();
    expect(await page.getByTestId('deal-confirm').count()).toBe(0);
    expect(await myDeals()).toEqual([]);
  });

  it('opens a deposit deal that the acceptor confirms from a second browser', async () => {
    const page = user.page;
    const userBefore = await spotBalance(server.url, user.token, 'USDT');
    const acceptorBefore = await spotBalance(server.url, acceptor.token, 'USDT');
    // the acceptor's desk is open before the deal exists: the deal appears there by itself
    const desk = acceptor.page;
    await desk.goto(`${server.url}/account/coinRecord`);
    await desk.getByTestId('deals-empty').waitFor();
    const form = page.getByTestId('deal-form');
    await form.getByTestId('deal-way-bank').click();
    expect(await page.getByTestId('deal-pay-account').textContent()).toBe('6222 0000 0000 0001');
    await form.getByTestId('deal-mobile').fill('13800138000');
    await form.getByTestId('deal-account').fill('6222 1234 5678 9000');
    await form.getByTestId('deal-money').fill('100');
    expect((await form.getByTestId('deal-fee').textContent())?.trim()).toBe('1.00000000');
    expect((await form.getByTestId('deal-settled').textContent())?.trim()).toBe('99.00000000');
    await form.getByTestId('deal-submit').click();
    await page.getByTestId('deal-confirm').getByTestId('deal-confirm-confirm').click();
    await page.waitForURL(/\/success\?what=deal/);
    await page.getByTestId('success-next').click();
    await page.waitForURL(/\/account\/chargeRecord$/);
    const userRow = page.getByTestId('deal-row').first();
    await userRow.waitFor();
    expect(await userRow.getByTestId('deal-state').getAttribute('data-state')).toBe('open');
    const [deal] = await myDeals();
    expect(deal?.is_sure).toBe(0);
    // nothing is credited before the acceptor confirms
    expect(await spotBalance(server.url, user.token, 'USDT')).toBe(userBefore);

    const row = desk.locator(`[data-testid="deal-row"][data-id="${deal?.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-type')).toBe('buy');
    await row.getByTestId('deal-confirm').click();
    await desk.getByTestId('deal-decide-dialog').getByTestId('deal-decide-dialog-confirm').click();
    await row.waitFor({ state: 'detached' });

    await eventually(() => spotBalance(server.url, user.token, 'USDT')).toBe(userBefore + 99);
    expect(await spotBalance(server.url, acceptor.token, 'USDT')).toBe(acceptorBefore - 99);
    await page.reload();
    const confirmed = page.locator(`[data-testid="deal-row"][data-id="${deal?.id}"]`);
    await eventually(async () => confirmed.getByTestId('deal-state').getAttribute('data-state')).toBe('confirmed');
    // a second confirmation changes nothing
    expect((await apiCall(server.url, 'acceptor/confirm', { id: String(deal?.id) }, acceptor.token)).type).toBe('error');
    expect(await spotBalance(server.url, user.token, 'USDT')).toBe(userBefore + 99);
  });

  it('escrows a withdrawal, which the acceptor marks paid and the user confirms', async () => {
    const page = user.page;
    const userBefore = await spotBalance(server.url, user.token, 'USDT');
    const acceptorBefore = await spotBalance(server.url, acceptor.token, 'USDT');
    await page.goto(`${server.url}/account/rechargeMoney?id=${acceptor.userId}&current=1`);
    const form = page.locator('[data-testid="deal-form"][data-direction="sell"]');
    await form.getByTestId('deal-way-ali_pay').click();
    await form.getByTestId('deal-mobile').fill('13800138000');
    await form.getByTestId('deal-account').fill('me@alipay.example');
    await form.getByTestId('deal-money').fill('50');
    await form.getByTestId('deal-submit').click();
    await page.getByTestId('deal-confirm').getByTestId('deal-confirm-confirm').click();
    await page.waitForURL(/\/success\?what=deal/);
    // the coins are escrowed at once
    await eventually(() => spotBalance(server.url, user.token, 'USDT')).toBe(userBefore - 50);
    const [deal] = await myDeals();

    const desk = acceptor.page;
    await desk.goto(`${server.url}/account/coinRecord`);
    const row = desk.locator(`[data-testid="deal-row"][data-id="${deal?.id}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-type')).toBe('sell');
    await row.getByTestId('deal-paid').click();
    await desk.getByTestId('deal-decide-dialog').getByTestId('deal-decide-dialog-confirm').click();
    await row.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/account/chargeRecord`);
    const mine = page.locator(`[data-testid="deal-row"][data-id="${deal?.id}"]`);
    await mine.getByTestId('deal-auto-confirm').waitFor();
    expect(await mine.getByTestId('deal-state').getAttribute('data-state')).toBe('paid');
    await mine.getByTestId('deal-received').click();
    await page.getByTestId('deal-received-dialog').getByTestId('deal-received-dialog-confirm').click();
    await eventually(async () => mine.getByTestId('deal-state').getAttribute('data-state')).toBe('confirmed');
    expect(await mine.getByTestId('deal-received').count()).toBe(0);
    await eventually(() => spotBalance(server.url, acceptor.token, 'USDT')).toBe(acceptorBefore + 50);
    expect(await spotBalance(server.url, user.token, 'USDT')).toBe(userBefore - 50);
  });

  it("tells the user in the header and the messages", async () => {
    const page = user.page;
    await eventually(async () => Number(await page.getByTestId('notification-bell').getAttribute('data-unread'))).toBeGreaterThan(0);
    await page.getByTestId('notification-bell').click();
    await page.waitForURL(/\/account\/accountMessage$/);
    const message = page.locator('[data-testid="message-row"][data-kind="acceptor_deal_confirmed"]').first();
    await message.waitFor();
    expect(await message.getAttribute('data-read')).toBe('0');
    await page.getByTestId('messages-read-all').click();
    await eventually(async () => page.getByTestId('notification-bell').getAttribute('data-unread')).toBe('0');
  });

  it('pays by card through the development gateway, which credits the order once', async () => {
    const page = user.page;
    const before = await spotBalance(server.url, user.token, 'USDT');
    await page.goto(`${server.url}/account/payment`);
    const form = page.getByTestId('payment-form');
    await form.getByTestId('payment-submit').click();
    await form.getByText('Enter the paying account.').waitFor();
    expect(await page.getByTestId('payment-confirm').count()).toBe(0);
    await form.getByTestId('payment-account').fill('6222 0000 1234');
    await form.getByTestId('payment-amount').fill('72.50');
    await form.getByTestId('payment-submit').click();
    const credit = Number((await page.getByTestId('payment-credit').textContent())?.replace(/[^\d.]/g, ''));
    expect(credit).toBeGreaterThan(0);
    await page.getByTestId('payment-confirm-confirm').click();
    await page.waitForURL(/\/api\/dev\/payment-gateway$/);
    // nothing is credited before the gateway's callback
    expect(await spotBalance(server.url, user.token, 'USDT')).toBe(before);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('The payment is complete and the order was credited.').waitFor();
    await eventually(() => spotBalance(server.url, user.token, 'USDT')).toBeCloseTo(before + credit, 6);
    await page.getByRole('link', { name: 'Back to Tessera' }).click();
    await page.getByTestId('success-page').waitFor();
  });

  it('shows the shared guest account a notice instead of the deal and payment forms', async () => {
    const login = await apiCall<string>(server.url, 'user/login', { is_vistor: '1' });
    const token = typeof login.token === 'string' ? login.token : login.message;
    const guestId = (await apiCall<{ id: number }>(server.url, 'user/info', {}, token, 'GET')).message.id;
    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/noticeList`);
      await page.evaluate(
        (session) => {
          for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
        },
        { token, user_id: String(guestId), accountNum: '10000000000', is_vistor: '1', is_seller: '0' },
      );
      await page.goto(`${server.url}/account/rechargeMoney?id=${acceptor.userId}&current=0`);
      await page.getByTestId('guest-notice').waitFor();
      expect(await page.getByTestId('deal-form').count()).toBe(0);
      await page.goto(`${server.url}/account/payment`);
      await page.getByTestId('guest-notice').waitFor();
      expect(await page.getByTestId('payment-form').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
