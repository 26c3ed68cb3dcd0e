import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall } from './session';

interface Account {
  token: string;
  id: number;
}

const PASSWORD = 'lever2026';
const USDT = 3;
const BTC = 1;
const BTC_USDT = { legal_id: String(USDT), currency_id: String(BTC), legal_name: 'USDT', currency_name: 'BTC', symbol: 'BTC/USDT' };

/**
 * Leveraged trading in Chromium against the real server with the market makers off: two spot
 * traders set BTC/USDT's price by trading with each other; the lever trader opens a long at 100×
 * through the form and its confirmation, sets a take-profit and a stop-loss in the modal (with the
 * expected profit and loss), watches the position follow the price live, and sees it liquidated on
 * screen when the spot traders' deals bring the mark below the liquidation mark. Needs
 * apps/web/dist (npm run build -w @tessera/web).
 *
 * BTC/USDT: a hand is 0.01 BTC, the spread 0.5 USDT, the fee 0.05 % of the value, liquidation at a
 * risk rate of 110 %. Ten hands at a mark of 50000 open at 50000.5: value 5000.05, margin 50.0005,
 * fee 2.500025. With 100 USDT in the lever wallet the position is liquidated near a mark of 49576.
 */
describe('leveraged trading desk', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let lever: Account;
  let seller: Account;
  let buyer: Account;

  const eventually = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000, interval: 100 });

  const api = <T,>(method: 'GET' | 'POST', call: string, params: Record<string, string> = {}, token?: string) => apiCall<T>(server.url, call, params, token, method);

  async function register(email: string): Promise<Account> {
    expect((await api('POST', 'sms_mail', { user_string: email, type: 'register' })).type).toBe('ok');
    const outbox = await api<{ code: string }[]>('GET', 'dev/outbox', { to: email });
    const code = outbox.message[0]?.code;
    if (!code) throw new Error(`no code for ${email}`);
    const registered = await api('POST', 'user/register', { type: 'email', user_string: email, code, password: PASSWORD, re_password: PASSWORD });
    expect(registered.type).toBe('ok');
    const login = await api<string>('POST', 'user/login', { user_string: email, password: PASSWORD, type: '1' });
    expect(login.type).toBe('ok');
    const token = typeof login.token === 'string' ? login.token : login.message;
    const info = await api<{ id: number }>('GET', 'user/info', {}, token);
    return { token, id: info.message.id };
  }

  let operatorToken = '';
  async function fund(userId: number, wallet: 'change' | 'lever', currencyId: number, amount: string) {
    if (!operatorToken) {
      const login = await fetch(`${server.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
      });
      operatorToken = ((await login.json()) as { token: string }).token;
    }
    const credited = await fetch(`${server.url}/admin/api/users/${userId}/credit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operatorToken}` },
      body: JSON.stringify({ currency_id: currencyId, wallet, amount, reason: 'e2e' }),
    });
    expect(credited.status).toBe(200);
  }

  /**
   * The pair's index moves to `price` (the development route, as if every source said so): with no
   * deep book to lean on, the mark follows it. The seller offers 0.01 BTC at it and the buyer takes
   * it, so the pair's own last price (its chart) shows it too.
   */
  async function tradeAt(price: string) {
    expect((await api('POST', 'dev/index', { symbol: 'BTC/USDT', price })).type).toBe('ok');
    const order = { legal_id: String(USDT), currency_id: String(BTC), price, num: '0.01', mode: '2' };
    expect((await api('POST', 'transaction/out', order, seller.token)).type).toBe('ok');
    expect((await api('POST', 'transaction/in', order, buyer.token)).type).toBe('ok');
  }

  const rows = () =>
    page.getByTestId('lever-trade-row').evaluateAll((elements) =>
      elements.map((row) => ({
        id: Number(row.dataset.id),
        status: Number(row.dataset.status),
        current: Number(row.dataset.current),
        takeProfit: Number(row.dataset.takeProfit),
        stopLoss: Number(row.dataset.stopLoss),
        profit: Number(row.dataset.profit),
        reason: row.dataset.reason ?? '',
      })),
    );

  const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();
    seller = await register('e2e.lever.seller@tessera.example');
    buyer = await register('e2e.lever.buyer@tessera.example');
    lever = await register('e2e.lever.trader@tessera.example');
    await fund(seller.id, 'change', BTC, '10');
    await fund(buyer.id, 'change', USDT, '100000');
    await fund(lever.id, 'lever', USDT, '100');
    await tradeAt('50000');

    context = await browser.newContext({ viewport: { width: 1440, height: 1100 }, timezoneId: 'Asia/Shanghai' });
    page = await context.newPage();
    await page.goto(`${server.url}/noticeList`);
    await page.evaluate(
      ({ session, pair }) => {
        for (const [key, value] of Object.entries({ ...session, ...pair })) localStorage.setItem(key, value);
      },
      { session: { token: lever.token, user_id: String(lever.id), is_vistor: '0', is_seller: '0' }, pair: BTC_USDT },
    );
    await page.goto(`${server.url}/leverdealCenter`);
    await page.locator('[data-testid="lever-center"][data-symbol="BTC/USDT"]').waitFor();
    await page.getByTestId('lever-available').filter({ hasText: /^100\.0000$/ }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows visitors the desk with login and register prompts instead of the buttons and lists', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const desk = await visitor.newPage();
    await desk.goto(`${server.url}/leverdealCenter`);
    await desk.getByTestId('lever-center').waitFor();
    await desk.getByTestId('lever-login-prompt').waitFor();
    await desk.getByTestId('lever-trades-login-prompt').waitFor();
    expect(await desk.getByTestId('lever-long').count()).toBe(0);
    expect(await desk.getByTestId('lever-transfer').count()).toBe(0);
    await visitor.close();
  });

  it('opens a long at 100× through the form and its confirmation', async () => {
    // the transfer link goes into the lever wallet
    expect(await page.getByTestId('lever-transfer').getAttribute('href')).toBe('/new_account/transferLegal?currency_id=3&from=change&to=lever');
    // without a multiple the form refuses and says why
    await page.getByTestId('lever-quick-10').click();
    await page.getByTestId('lever-long').click();
    await page.getByTestId('toast').filter({ hasText: 'Please choose a multiple' }).waitFor();
    await page.getByTestId('lever-multiple-100').click();
    await eventually(() => text('lever-margin-long')).toBe('50.0005');
    expect(await text('lever-fee-long')).toBe('2.5000');
    expect(await text('lever-value-long')).toBe('5000.0500');

    await page.getByTestId('lever-long').click();
    await page.getByTestId('lever-confirm').waitFor();
    expect(await text('lever-confirm-hands')).toBe('10');
    await page.getByTestId('lever-confirm-confirm').click();
    await page.getByTestId('lever-confirm').waitFor({ state: 'detached' });

    await eventually(async () => (await rows()).length).toBe(1);
    expect((await rows())[0]?.status).toBe(1);
    // margin and fee left the wallet: 100 − 50.0005 − 2.500025
    await eventually(() => text('lever-available')).toBe('47.4994');
    expect(await page.getByTestId('lever-hands').inputValue()).toBe('');
  });

  it('sets a take-profit and a stop-loss in the modal, with the expected profit and loss', async () => {
    await page.getByTestId('lever-row-stop').click();
    await page.getByTestId('lever-stop-modal').waitFor();
    await page.getByTestId('lever-stop-profit').fill('51000');
    await page.getByTestId('lever-stop-loss').fill('45000');
    // exit at the mark less the spread: (50999.5 − 50000.5) × 0.1 and (50000.5 − 44999.5) × 0.1
    expect(await text('lever-stop-profit-expected')).toBe('99.9000');
    expect(await text('lever-stop-loss-expected')).toBe('500.1000');
    // a stop-loss above the current price is refused before sending
    await page.getByTestId('lever-stop-loss').fill('50500');
    await page.getByTestId('lever-stop-save').click();
    await page.getByTestId('toast').filter({ hasText: 'A long stops its loss below the current price' }).waitFor();
    await page.getByTestId('lever-stop-loss').fill('45000');
    await page.getByTestId('lever-stop-loss-up').click();
    expect(await page.getByTestId('lever-stop-loss').inputValue()).toBe('45000.01');
    await page.getByTestId('lever-stop-loss-down').click();
    await page.getByTestId('lever-stop-save').click();
    await page.getByTestId('lever-stop-modal').waitFor({ state: 'detached' });
    await eventually(async () => (await rows())[0]).toMatchObject({ takeProfit: 51000, stopLoss: 45000 });
  });

  it('follows the price live when the index moves', async () => {
    await tradeAt('50300');
    // (50300 − 0.5 − 50000.5) × 0.1
    await eventually(async () => (await rows())[0]).toMatchObject({ current: 50300, profit: 29.9 });
    // (47.499475 + 50.0005 + 29.9) ÷ 50.0005
    await eventually(() => text('lever-hazard-rate')).toBe('254.79%');
    expect(await text('lever-profits')).toBe('29.9000');
  });

  it('shows the risk rate, the margin in use and the liquidation mark on the contract management screen', async () => {
    const manager = await context.newPage();
    await manager.goto(`${server.url}/lever_manger`);
    const card = manager.locator('[data-testid="lever-risk-card"][data-currency="USDT"]');
    await card.waitFor();
    expect(await manager.getByTestId('demo-data').count()).toBe(0);
    expect(((await card.getByTestId('lever-risk-rate').textContent()) ?? '').trim()).toBe('254.79%');
    expect(((await card.getByTestId('lever-risk-margin').textContent()) ?? '').trim()).toBe('50.0005');
    // equity falls to 110 % of the margin when (mark − 0.5 − 50000.5) × 0.1 = 55.00055 − 97.499975
    const liquidation = Number(await card.locator('[data-testid="lever-risk-pair"][data-symbol="BTC/USDT"]').getAttribute('data-price'));
    expect(liquidation).toBeGreaterThan(49575);
    expect(liquidation).toBeLessThan(49577);
    await manager.close();
  });

  it('is liquidated on screen when the mark falls to the liquidation mark', async () => {
    await tradeAt('49000');
    await eventually(async () => (await rows()).length).toBe(0);
    await page.getByTestId('lever-tab-closed').click();
    await eventually(async () => (await rows()).map((row) => [row.status, row.reason])).toEqual([[3, 'liquidation']]);
    await page.getByTestId('lever-reason').filter({ hasText: 'Liquidated' }).waitFor();
    // the loss stayed within the margin and what the wallet held: the balance never goes below zero
    const left = Number(await text('lever-available'));
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeLessThan(100);
  });
});
