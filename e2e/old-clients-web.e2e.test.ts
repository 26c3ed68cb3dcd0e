import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, type Envelope } from './session';

const PASSWORD = 'webfix2026';
const USDT = 3;
/** A valid 8×8 PNG (one colour): the identity photos. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPwrfmHFTEMLQkARhxxwVBysyYAAAAASUVORK5CYII=',
  'base64',
);

interface Account {
  token: string;
  id: number;
  email: string;
}

interface Quotation {
  symbol: string;
  open_lever: number;
  open_microtrade: number;
}

/**
 * What users hit on the web app (issue 26), in Chromium at 1360 px against the real server: the
 * messages centre in Arabic, newest first, with no catalogue key shown raw; the lever and
 * second-contract desks list only the pairs open for them; the terminal header shows the
 * approximate US-dollar value and its Buy/Sell tabs whole. Needs apps/web/dist.
 */
describe('the web app’s second pass for old-client users', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let seller: Account;
  let buyer: Account;
  let operatorToken = '';

  const api = <T,>(method: 'GET' | 'POST', call: string, params: Record<string, string> = {}, token?: string) => apiCall<T>(server.url, call, params, token, method);

  async function operator(method: 'POST', path: string, body?: object) {
    if (!operatorToken) {
      const login = await fetch(`${server.url}/admin/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
      });
      operatorToken = ((await login.json()) as { token: string }).token;
    }
    const response = await fetch(`${server.url}/admin/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${operatorToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status, path).toBe(200);
  }

  async function register(email: string): Promise<Account> {
    expect((await api('POST', 'sms_mail', { user_string: email, type: 'register' })).type).toBe('ok');
    const code = (await api<{ code: string }[]>('GET', 'dev/outbox', { to: email })).message[0]?.code ?? '';
    expect((await api('POST', 'user/register', { type: 'email', user_string: email, code, password: PASSWORD, re_password: PASSWORD })).type).toBe('ok');
    const login = await api<string>('POST', 'user/login', { user_string: email, password: PASSWORD, type: '1' });
    const token = typeof login.token === 'string' ? login.token : login.message;
    const id = (await api<{ id: number }>('GET', 'user/info', {}, token)).message.id;
    // a c2c trader: verified identity and a bank account to be paid on
    const urls: string[] = [];
    for (const side of ['front', 'reverse', 'hand']) {
      const body = new FormData();
      body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), `${side}.png`);
      const uploaded = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { Authorization: token }, body });
      urls.push(((await uploaded.json()) as Envelope<string>).message);
    }
    const [front = '', reverse = '', hand = ''] = urls;
    expect((await api('POST', 'user/real_name', { name: 'Old Client', card_id: `E2E-${id}-2626`, front_pic: front, reverse_pic: reverse, hand_pic: hand }, token)).type).toBe('ok');
    await operator('POST', `/kyc/${id}/approve`);
    const cash = { real_name: 'Old Client', bank_name: 'ICBC', bank_account: '6222020200112233445', alipay_account: '', wechat_account: '' };
    expect((await api('POST', 'user/cash_save', cash, token)).type).toBe('ok');
    return { token, id, email };
  }

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();
    seller = await register('e2e.i26.seller@tessera.example');
    buyer = await register('e2e.i26.buyer@tessera.example');
    await operator('POST', `/users/${seller.id}/credit`, { currency_id: USDT, wallet: 'legal', amount: '50', reason: 'e2e c2c funds' });
    // a c2c order taken, then paid: the buyer gets "awaiting payment", then "paid"
    expect((await api('POST', 'c2c_send', { type: 'sell', currency_id: String(USDT), price: '7', total_number: '50', way: 'bank' }, seller.token)).type).toBe('ok');
    const adId = (await api<{ data: { id: number }[] }>('GET', 'c2c/seller_trade', {}, seller.token)).message.data[0]?.id ?? 0;
    const taken = await api<{ id: number }>('POST', 'c2c/do_legal_deal', { id: String(adId), number: '20' }, buyer.token);
    expect(taken.type).toBe('ok');
    expect((await api('POST', 'c2c/user_legal_pay', { id: String(taken.message.id) }, buyer.token)).type).toBe('ok');

    context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/noticeList`);
    await page.evaluate(
      (session) => {
        for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
      },
      { token: buyer.token, user_id: String(buyer.id), accountNum: buyer.email, is_vistor: '0', is_seller: '0', lang: 'ara' },
    );
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('18. shows the messages centre in Arabic, newest first, with no catalogue key', async () => {
    await page.goto(`${server.url}/account/accountMessage`);
    await page.getByTestId('message-list').waitFor();
    await expect.poll(async () => page.getByTestId('message-row').count()).toBeGreaterThanOrEqual(2);
    const texts = (await page.getByTestId('message-row').allTextContents()).map((text) => text.trim());
    // the notice and the order's state, both in Arabic: no English, no raw key
    for (const text of texts) {
      expect(text).not.toMatch(/c2c order|notice:|Your fiat order/);
    }
    expect(texts[0]).toContain('تم الدفع');
    const ids = await page.getByTestId('message-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('19. lists only the pairs open for second contracts on their desk, and for leverage on the lever desk', async () => {
    const groups = (await api<{ quotation: Quotation[] }[]>('GET', 'currency/quotation_new')).message;
    const items = groups.flatMap((group) => group.quotation);
    const micro = items.filter((item) => item.open_microtrade === 1).map((item) => item.symbol);
    const lever = items.filter((item) => item.open_lever === 1).map((item) => item.symbol);
    expect(micro.length).toBeGreaterThan(0);
    expect(micro.length).toBeLessThan(items.length);

    const listed = async () => (await page.getByTestId('market-list-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol') ?? ''))).sort();
    await page.goto(`${server.url}/secondDealCenter`);
    await page.getByTestId('second-deal-center').waitFor();
    await expect.poll(listed).toEqual([...micro].sort());

    await page.goto(`${server.url}/leverdealCenter`);
    await page.getByTestId('lever-center').waitFor();
    await expect.poll(async () => (await listed()).length).toBeGreaterThan(0);
    for (const symbol of await listed()) expect(lever).toContain(symbol);
    expect(lever).toContain(await page.getByTestId('lever-center').getAttribute('data-symbol'));
  });

  it('20. shows "≈ $" in the terminal header and the Buy/Sell tabs whole at 1360 px', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(`${server.url}/quotation`);
    await page.getByTestId('terminal').waitFor();
    await expect.poll(async () => (await page.getByTestId('pair-last-price-usd').textContent())?.trim()).toMatch(/^\$\d+\.\d{2}$/);
    expect(await page.getByTestId('pair-last-price-cny').count()).toBe(0);

    const panel = await page.getByTestId('trade-panel').boundingBox();
    expect(panel).not.toBeNull();
    for (const tab of ['trade-side-buy', 'trade-side-sell']) {
      const box = await page.getByTestId(tab).boundingBox();
      expect(box, tab).not.toBeNull();
      if (!box || !panel) continue;
      expect(box.x).toBeGreaterThanOrEqual(panel.x);
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
      expect(box.width).toBeGreaterThan(40);
    }
    const clipped = await page.getByTestId('trade-side-row').evaluate((row) => row.scrollWidth > row.clientWidth);
    expect(clipped).toBe(false);
    await page.getByTestId('trade-side-sell').click();
    await expect.poll(async () => page.getByTestId('trade-side-sell').getAttribute('aria-selected')).toBe('true');
  });
});
