import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall } from './session';

interface Trader {
  email: string;
  token: string;
  id: number;
  context: BrowserContext;
  page: Page;
}

const PASSWORD = 'trade2026';
const USDT = 3;
const BTC = 1;
/** BTC/USDT as the trading screens store the selected pair. */
const BTC_USDT = { legal_id: String(USDT), currency_id: String(BTC), legal_name: 'USDT', currency_name: 'BTC', symbol: 'BTC/USDT' };

/**
 * Spot trading between two users in two browsers, against the real server with the market makers
 * off (the book holds only what the test placed): A sells with a limit order through the form and
 * its confirmation dialog, B sees the order arrive in the book without a reload, takes part of it
 * through the form, both see the deal and their balances change live, and A's open order shows
 * what remains. Needs apps/web/dist (npm run build -w @tessera/web).
 */
describe('spot trading desk', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Trader;
  let bob: Trader;
  /** A visitor watching the home page's market table. */
  let visitor: BrowserContext;
  let home: Page;

  /** Live updates take a push, a merge and perhaps a refetch: allow a few seconds. */
  const eventually = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });

  const api = <T,>(method: 'GET' | 'POST', call: string, params: Record<string, string> = {}, token?: string) => apiCall<T>(server.url, call, params, token, method);

  /** Registers through the API (code from the development outbox) and logs in: token and id. */
  async function register(email: string): Promise<{ token: string; id: number }> {
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

  /** Credits the spot wallet through the operator API. */
  async function fund(userId: number, currencyId: number, amount: string) {
    const login = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const credited = await fetch(`${server.url}/admin/api/users/${userId}/credit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ currency_id: currencyId, wallet: 'change', amount, reason: 'e2e' }),
    });
    expect(credited.status).toBe(200);
  }

  /** A signed-in browser on the desk, BTC/USDT selected (the session as the login screen stores it). */
  async function openDesk(email: string): Promise<Trader> {
    const { token, id } = await register(email);
    await fund(id, USDT, '100000');
    await fund(id, BTC, '100000');
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    await page.goto(`${server.url}/noticeList`);
    await page.evaluate(
      ({ session, pair }) => {
        for (const [key, value] of Object.entries({ ...session, ...pair })) localStorage.setItem(key, value);
      },
      { session: { token, user_id: String(id), accountNum: email, is_vistor: '0', is_seller: '0' }, pair: BTC_USDT },
    );
    await page.goto(`${server.url}/dealCenter`);
    await page.locator('[data-testid="deal-center"][data-symbol="BTC/USDT"]').waitFor();
    // (beforeAll: expect.poll is for tests only)
    await page.getByTestId('buy-available').filter({ hasText: /^100000\.0000$/ }).waitFor();
    await page.getByTestId('sell-available').filter({ hasText: /^100000\.000000$/ }).waitFor();
    return { email, token, id, context, page };
  }

  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

  /** The book's ask levels, as the hidden list beside the canvas names them. */
  const asks = (page: Page) =>
    page
      .getByTestId('book-ask')
      .evaluateAll((buttons) => buttons.map((b) => ({ price: Number(b.dataset.price), quantity: Number(b.dataset.quantity) })));

  const deals = (page: Page) =>
    page
      .getByTestId('deal-row')
      .evaluateAll((rows) => rows.map((r) => ({ price: Number(r.dataset.price), number: Number(r.dataset.number) })));

  async function confirmOrder(page: Page) {
    const dialog = page.getByTestId('order-confirm');
    await dialog.waitFor();
    await page.getByTestId('order-confirm-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('toast').filter({ hasText: 'Done' }).first().waitFor();
  }

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();
    alice = await openDesk('e2e.seller@tessera.example');
    bob = await openDesk('e2e.buyer@tessera.example');
  });

  afterAll(async () => {
    await visitor?.close();
    await alice?.context.close();
    await bob?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows visitors the desk with a "log in or register" prompt instead of the order buttons', async () => {
    visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    home = await visitor.newPage();
    await home.goto(`${server.url}/dealCenter`);
    await home.getByTestId('deal-center').waitFor();
    await home.getByTestId('buy-login-prompt').waitFor();
    await home.getByTestId('sell-login-prompt').waitFor();
    expect(await home.getByTestId('buy-submit').count()).toBe(0);
    expect(await home.getByTestId('buy-slider').getAttribute('data-disabled')).toBe('true');
    // With nothing stored, the first pair of the quotation is selected and stored.
    expect(await home.evaluate(() => localStorage.getItem('symbol'))).toBe('BTC/USDT');
  });

  it('lists the displayed pairs on the home page; a row opens the desk on its pair', async () => {
    // To the home page through the header link (the app routes it).
    await home.locator('header a[href="/"]').first().click();
    await home.locator('[data-testid="home-market-row"][data-symbol="ETH/USDT"]').click();
    await home.locator('[data-testid="deal-center"][data-symbol="ETH/USDT"]').waitFor();
    expect(await home.evaluate(() => [localStorage.getItem('currency_id'), localStorage.getItem('symbol')])).toEqual(['2', 'ETH/USDT']);
    await home.locator('header a[href="/"]').first().click();
    await home.getByTestId('ticker-strip').waitFor();
    expect(await home.getByTestId('home-market-row').count()).toBeGreaterThan(1);
  });

  it('A places a limit sell through the form and its confirmation dialog', async () => {
    const { page } = alice;
    // a signed-in trader's form links to the transfer page, into the spot wallet in USDT
    expect(await page.getByTestId('trade-transfer').getAttribute('href')).toBe('/new_account/transferLegal?currency_id=3&from=legal&to=change');
    // The number field refuses the letter e and decimals beyond the pair's precision.
    await page.getByTestId('sell-number').pressSequentially('0.5e');
    expect(await page.getByTestId('sell-number').inputValue()).toBe('0.5');
    await page.getByTestId('sell-price').fill('50000');
    expect(await text(page, 'sell-total')).toBe('25000.0000');

    await page.getByTestId('sell-submit').click();
    await confirmOrder(page);

    // The form resets; the order is listed with everything remaining; the BTC is locked.
    await eventually(() => page.getByTestId('sell-price').inputValue()).toBe('');
    await eventually(() => page.getByTestId('sell-number').inputValue()).toBe('');
    const row = page.getByTestId('open-order-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().getAttribute('data-side')).toBe('out');
    expect(Number(await row.first().getAttribute('data-surplus'))).toBe(0.5);
    await eventually(() => text(page, 'sell-available')).toBe('99999.500000');
  });

  it('B sees the order arrive in the book without a reload', async () => {
    await eventually(() => asks(bob.page)).toEqual([{ price: 50000, quantity: 0.5 }]);
  });

  it('B picks the price in the book, uses the slider, and buys part of it through the form', async () => {
    const { page } = bob;
    // Market orders take the best price of the book: the price field shows it and is locked.
    await page.getByTestId('trade-mode-market').click();
    await eventually(() => page.getByTestId('buy-price').inputValue()).toBe('50000.00');
    expect(await page.getByTestId('buy-price').isDisabled()).toBe(true);
    await page.getByTestId('trade-mode-limit').click();
    expect(await page.getByTestId('buy-price').isEnabled()).toBe(true);
    // A click on a level of the book fills the price.
    await page.getByTestId('book-ask').first().dispatchEvent('click');
    await eventually(async () => Number(await page.getByTestId('buy-price').inputValue())).toBe(50000);
    // 25 % of 100000 USDT at 50000 = 0.5 BTC.
    await page.getByTestId('buy-step-25').click();
    expect(await page.getByTestId('buy-number').inputValue()).toBe('0.5000');
    await page.getByTestId('buy-number').fill('0.2');
    expect(await text(page, 'buy-total')).toBe('10000.0000');

    await page.getByTestId('buy-submit').click();
    await confirmOrder(page);
    await eventually(() => page.getByTestId('buy-number').inputValue()).toBe('');
  });

  it('both see the deal in the recent deals and their balances change live', async () => {
    for (const { page } of [alice, bob]) {
      await eventually(() => deals(page)).toContainEqual({ price: 50000, number: 0.2 });
      await eventually(() => asks(page)).toEqual([{ price: 50000, quantity: 0.3 }]);
    }
    // The home page's table follows the trade live.
    const btcRow = home.locator('[data-testid="home-market-row"][data-symbol="BTC/USDT"]');
    await eventually(async () => (await btcRow.getByTestId('home-market-price').textContent())?.trim()).toBe('50000.0000');
    // B paid 10000 USDT and received the BTC less the fee; A received USDT less the fee.
    await eventually(() => text(bob.page, 'buy-available')).toBe('90000.0000');
    await eventually(async () => Number(await text(bob.page, 'sell-available'))).toBeGreaterThan(100000);
    await eventually(async () => Number(await text(alice.page, 'buy-available'))).toBeGreaterThan(100000);
    expect(await text(alice.page, 'sell-available')).toBe('99999.500000');
  });

  it("A's open order shows the remaining quantity, and the history lists the fill", async () => {
    const { page } = alice;
    await eventually(async () => Number(await page.getByTestId('open-order-row').first().getAttribute('data-surplus'))).toBe(0.3);
    await page.getByTestId('orders-tab-history').click();
    await eventually(() => page.getByTestId('fill-row').evaluateAll((rows) => rows.map((r) => ({ way: r.dataset.way, number: Number(r.dataset.number) }))))
      .toEqual([{ way: '1', number: 0.2 }]);
  });

  it('A revokes the rest after confirming; the BTC comes back', async () => {
    const { page } = alice;
    await page.getByTestId('orders-tab-open').click();
    await page.getByTestId('order-revoke').first().click();
    await page.getByTestId('revoke-confirm').waitFor();
    await page.getByTestId('revoke-confirm-confirm').click();
    await eventually(() => page.getByTestId('open-order-row').count()).toBe(0);
    await eventually(() => text(page, 'sell-available')).toBe('99999.800000');
    await eventually(() => asks(bob.page)).toEqual([]);
  });
});
