import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, DEV_OPERATOR, signedInPage, spotBalance, type SignedInPage } from './session';

interface Deal {
  id: number;
  is_sure: number;
  disputed: boolean;
  ruling: string;
}

/**
 * A disputed acceptor withdrawal against the real server: the demo user sells coins to the demo
 * acceptor, who marks the deal paid; the user, in Chromium, objects within the window and the deal
 * shows it is under review; an operator returns the coins from the back office's acceptor disputes
 * queue; the user sees the deal rejected and the coins back. Needs apps/web/dist and apps/admin/dist.
 */
describe('acceptors: a user objects to a paid withdrawal and an operator rules', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: SignedInPage;
  let acceptorToken: string;
  let acceptorId: number;
  let operatorContext: BrowserContext;
  let operatorPage: Page;

  const eventually = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });
  const myDeals = async () => (await apiCall<{ list: Deal[] }>(server.url, 'acceptor/my_deal', { page: '1', limit: '10' }, user.token, 'GET')).message.list;

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off', DEMO_FUNDS: 'on' });
    browser = await launchBrowser();
    user = await signedInPage(browser, server.url, 'demo@tessera.example', 'demo1234');
    const login = await apiCall<string>(server.url, 'user/login', { user_string: 'trader@tessera.example', password: 'trader1234', type: '1' });
    acceptorToken = typeof login.token === 'string' ? login.token : login.message;
    acceptorId = (await apiCall<{ id: number }>(server.url, 'user/info', {}, acceptorToken, 'GET')).message.id;
    operatorContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    operatorPage = await operatorContext.newPage();
  });

  afterAll(async () => {
    await user?.context.close();
    await operatorContext?.close();
    await browser?.close();
    await server?.stop();
  });

  it('objects in the browser, the operator returns the coins from the back office, the user sees it', async () => {
    const before = await spotBalance(server.url, user.token, 'USDT');
    const opened = await apiCall(server.url, 'acceptor/deal', { acceptor_id: String(acceptorId), way: 'bank', type: 'sell', mobile: '13800138000', deal_account: '6222 1234 5678 9000', money: '30' }, user.token);
    expect(opened.type).toBe('ok');
    const [deal] = await myDeals();
    expect((await apiCall(server.url, 'acceptor/paid', { id: String(deal?.id) }, acceptorToken)).type).toBe('ok');
    await eventually(() => spotBalance(server.url, user.token, 'USDT')).toBe(before - 30);

    // the user was not paid: they object within the window, after a confirmation
    const page = user.page;
    await page.goto(`${server.url}/account/chargeRecord`);
    const row = page.locator(`[data-testid="deal-row"][data-id="${deal?.id}"]`);
    await row.getByTestId('deal-auto-confirm').waitFor();
    expect(await row.getByTestId('deal-state').getAttribute('data-state')).toBe('paid');
    await row.getByTestId('deal-object').click();
    const dialog = page.getByTestId('deal-object-dialog');
    await dialog.getByTestId('deal-object-dialog-cancel').click();
    expect((await myDeals())[0]?.disputed).toBe(false);
    await row.getByTestId('deal-object').click();
    await dialog.getByTestId('deal-object-dialog-confirm').click();
    await eventually(async () => row.getByTestId('deal-state').getAttribute('data-state')).toBe('disputed');
    expect(await row.getByTestId('deal-state').textContent()).toBe('Under review by customer service');
    expect(await row.getByTestId('deal-object').count()).toBe(0);
    expect(await row.getByTestId('deal-auto-confirm').count()).toBe(0);
    expect((await myDeals())[0]).toMatchObject({ id: deal?.id, is_sure: 3, disputed: true, ruling: '' });

    // the operator finds it in the acceptor disputes queue and returns the coins to the user
    await operatorPage.goto(`${server.url}/admin/`);
    const form = operatorPage.getByRole('form', { name: 'Operator login' });
    await form.getByLabel('E-mail').fill(DEV_OPERATOR.email);
    await form.getByLabel('Password').fill(DEV_OPERATOR.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await eventually(() => operatorPage.getByTestId('operator-role').textContent()).toBe('admin');
    await operatorPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Acceptor disputes' }).click();
    const table = operatorPage.getByRole('table', { name: 'Disputed acceptor deals' });
    const queued = table.locator('tbody tr', { hasText: 'demo@tessera.example' });
    await queued.focus();
    await operatorPage.keyboard.press('Enter');
    await eventually(() => operatorPage.getByTestId('acceptor-dispute-amount').textContent()).toBe('30 USDT');
    await operatorPage.getByRole('button', { name: 'Return to user…' }).click();
    await operatorPage.getByLabel('Ruling note').fill('no transfer on the statement');
    const confirmation = operatorPage.getByRole('alertdialog', { name: 'Confirm the ruling' });
    expect(await confirmation.textContent()).toContain('demo@tessera.example');
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await queued.waitFor({ state: 'detached' });

    // the user sees the deal rejected and the coins back
    await eventually(() => spotBalance(server.url, user.token, 'USDT')).toBe(before);
    await page.reload();
    await eventually(async () => row.getByTestId('deal-state').getAttribute('data-state')).toBe('rejected');
    expect(await row.getByTestId('deal-received').count()).toBe(0);
    expect(await row.getByTestId('deal-ruling').textContent()).toBe('Customer service returned the coins to you');
    expect((await myDeals())[0]).toMatchObject({ id: deal?.id, is_sure: 2, disputed: false, ruling: 'return' });
  });
});
