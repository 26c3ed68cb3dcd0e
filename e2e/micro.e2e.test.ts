import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall } from './session';

const PASSWORD = 'micro2026';
const USDT = 3;
const BTC = 1;
const BTC_USDT = { legal_id: String(USDT), currency_id: String(BTC), legal_name: 'USDT', currency_name: 'BTC', symbol: 'BTC/USDT' };

/**
 * Second contracts in Chromium against the real server (market makers off: the only trades are
 * the test's). The operator offers a 5-second duration; the player places an up and a down
 * contract on BTC/USDT through the form, a trade then lifts the price, and the screen shows both
 * contracts settle by themselves: the running list empties, the closed tab shows the win and the
 * loss, and the micro balance is updated. Needs apps/web/dist (npm run build -w @tessera/web).
 */
describe('second contracts screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let operator: string;

  const eventually = <T,>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout, interval: 100 });

  const api = <T,>(method: 'GET' | 'POST', call: string, params: Record<string, string> = {}, token?: string) => apiCall<T>(server.url, call, params, token, method);

  async function admin(method: 'POST' | 'PUT', path: string, body: object) {
    const response = await fetch(`${server.url}/admin/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(operator ? { Authorization: `Bearer ${operator}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function register(email: string): Promise<{ token: string; id: number }> {
    expect((await api('POST', 'sms_mail', { user_string: email, type: 'register' })).type).toBe('ok');
    const outbox = await api<{ code: string }[]>('GET', 'dev/outbox', { to: email });
    const code = outbox.message[0]?.code;
    if (!code) throw new Error(`no code for ${email}`);
    expect((await api('POST', 'user/register', { type: 'email', user_string: email, code, password: PASSWORD, re_password: PASSWORD })).type).toBe('ok');
    const login = await api<string>('POST', 'user/login', { user_string: email, password: PASSWORD, type: '1' });
    const token = typeof login.token === 'string' ? login.token : login.message;
    const info = await api<{ id: number }>('GET', 'user/info', {}, token);
    return { token, id: info.message.id };
  }

  const fund = async (userId: number, currencyId: number, wallet: 'change' | 'micro', amount: string) =>
    expect((await admin('POST', `/users/${userId}/credit`, { currency_id: currencyId, wallet, amount, reason: 'e2e' })).status).toBe(200);

  /**
   * A trade at `price` between two traders (a limit sell, then a buy at the same price), and the
   * pair's index moved there through the development route: contracts open and settle at the index.
   */
  async function tradeAt(traders: { token: string }[], price: string) {
    const [seller, buyer] = traders;
    expect((await api('POST', 'dev/index', { symbol: 'BTC/USDT', price })).type).toBe('ok');
    expect((await api('POST', 'transaction/out', { legal_id: String(USDT), currency_id: String(BTC), price, num: '0.01', mode: '2' }, seller?.token)).type).toBe('ok');
    expect((await api('POST', 'transaction/in', { legal_id: String(USDT), currency_id: String(BTC), price, num: '0.01', mode: '2' }, buyer?.token)).type).toBe('ok');
  }

  async function openScreen(session: { token: string; id: number; email: string; guest: boolean }): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1100 }, timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    await page.goto(`${server.url}/noticeList`);
    await page.evaluate(
      (values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      },
      { token: session.token, user_id: String(session.id), accountNum: session.email, is_vistor: session.guest ? '1' : '0', is_seller: '0', ...BTC_USDT },
    );
    await page.goto(`${server.url}/secondDealCenter`);
    await page.locator('[data-testid="second-deal-center"][data-symbol="BTC/USDT"]').waitFor();
    return page;
  }

  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

  beforeAll(async () => {
    // DEMO_FUNDS: the house holds its development float, so wins can be paid
    server = await startServer({ MARKET_MAKERS: 'off', DEMO_FUNDS: 'on' });
    browser = await launchBrowser();
    const login = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    });
    operator = ((await login.json()) as { token: string }).token;
    const terms = await admin('PUT', '/micro/settings', {
      seconds: [
        { seconds: 5, profit_ratio: '80' },
        { seconds: 60, profit_ratio: '85' },
      ],
      stake_multiple: '10',
      min_stake: '10',
      max_stake: '10000',
      fee_percent: '0.5',
      quick_numbers: ['10', '100', '500'],
      currencies: [USDT],
    });
    expect(terms.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('places an up and a down contract and watches both settle on screen, the balance updated', async () => {
    const traders = [await register('micro-seller@example.com'), await register('micro-buyer@example.com')];
    for (const trader of traders) {
      await fund(trader.id, USDT, 'change', '1000000');
      await fund(trader.id, BTC, 'change', '10');
    }
    await tradeAt(traders, '60000');
    const player = await register('micro-player@example.com');
    await fund(player.id, USDT, 'micro', '1000');

    const page = await openScreen({ ...player, email: 'micro-player@example.com', guest: false });
    await eventually(() => text(page, 'micro-available')).toBe('1000.0000 USDT');
    // a registered user may transfer into the micro wallet
    await expect(page.getByTestId('micro-transfer').count()).resolves.toBe(1);

    await page.getByTestId('micro-seconds-5').click();
    await page.getByTestId('micro-quick-100').click();
    await page.getByTestId('micro-up').click();
    await eventually(() => page.getByTestId('micro-row').count()).toBe(1);
    await page.getByTestId('micro-stake').fill('100');
    await page.getByTestId('micro-down').click();
    await eventually(() => page.getByTestId('micro-row').count()).toBe(2);
    // stakes and fees are taken at once: 1000 - 2 × 100.5
    await eventually(() => text(page, 'micro-available')).toBe('799.0000 USDT');
    // the countdown runs
    const first = await text(page, 'micro-countdown');
    expect(first).toMatch(/^[1-5] s$/);

    // the price rises before the expiry: up wins 80, down loses its stake
    await tradeAt(traders, '60100');
    await eventually(() => page.locator('[data-testid="micro-row"][data-status="1"]').count()).toBe(0);
    await eventually(() => page.getByTestId('micro-row').count()).toBe(0);

    await page.getByTestId('micro-tab-closed').click();
    await eventually(() =>
      page
        .getByTestId('micro-row')
        .evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-type')}:${row.getAttribute('data-result')}`).sort()),
    ).toEqual(['1:80.00000000', '2:-100.00000000']);
    // 799 + 100 + 80 back from the up contract
    await eventually(() => text(page, 'micro-available')).toBe('979.0000 USDT');
    await page.context().close();
  }, 120_000);

  it('shows no transfer link to a guest', async () => {
    const guest = await register('micro-guest@example.com');
    const page = await openScreen({ ...guest, email: 'micro-guest@example.com', guest: true });
    await page.getByTestId('micro-trade-panel').waitFor();
    await expect(page.getByTestId('micro-transfer').count()).resolves.toBe(0);
    await expect(page.getByTestId('micro-up').count()).resolves.toBe(1);
    await page.context().close();
  }, 60_000);
});
