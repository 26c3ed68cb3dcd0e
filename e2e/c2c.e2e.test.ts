import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, type Envelope } from './session';

interface Trader {
  email: string;
  token: string;
  id: number;
  context: BrowserContext;
  page: Page;
}

const PASSWORD = 'trade2026';
const USDT = 3;
/** A valid 8×8 PNG (one colour): the identity photos. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPwrfmHFTEMLQkARhxxwVBysyYAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Peer-to-peer fiat trading between two users in two browsers, against the real server. Both have
 * their identity approved by an operator. The seller saves payment methods and publishes a sell
 * ad through the forms; the buyer, without payment methods yet, is sent to save them (reply 997),
 * then takes the ad, sees where to pay, and declares payment past the warning; the seller sees
 * the order move live and confirms receipt; both see the order complete and their balances move
 * without a reload. Then: a cancelled order, an appeal with a proof image ruled by an operator, a
 * newcomer sent to verify their identity (998), the ad withdrawn, and a buy ad sold into.
 * Needs apps/web/dist (npm run build -w @tessera/web).
 */
describe('c2c: publish, take, pay, release', () => {
  let server: RunningServer;
  let browser: Browser;
  let seller: Trader;
  let buyer: Trader;
  let orderId = 0;

  const eventually = <T,>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });
  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

  const api = <T,>(method: 'GET' | 'POST', call: string, params: Record<string, string> = {}, token?: string) => apiCall<T>(server.url, call, params, token, method);

  async function operatorToken(): Promise<string> {
    const login = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    });
    return ((await login.json()) as { token: string }).token;
  }

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

  /** Submits identity photos through the API and has an operator approve them. */
  async function verifyIdentity(token: string, userId: number, name: string) {
    const urls: string[] = [];
    for (const side of ['front', 'reverse', 'hand']) {
      const body = new FormData();
      body.append('file', new Blob([TINY_PNG], { type: 'image/png' }), `${side}.png`);
      const uploaded = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { Authorization: token }, body });
      const reply = (await uploaded.json()) as Envelope<string>;
      expect(reply.type).toBe('ok');
      urls.push(reply.message);
    }
    const submitted = await api('POST', 'user/real_name', { name, card_id: `E2E-${userId}-7654321`, front_pic: urls[0] ?? '', reverse_pic: urls[1] ?? '', hand_pic: urls[2] ?? '' }, token);
    expect(submitted.type).toBe('ok');
    const approved = await fetch(`${server.url}/admin/api/kyc/${userId}/approve`, { method: 'POST', headers: { Authorization: `Bearer ${await operatorToken()}` } });
    expect(approved.status).toBe(200);
  }

  /** Credits the legal (fiat) wallet through the operator API. */
  async function fundLegal(userId: number, amount: string) {
    const credited = await fetch(`${server.url}/admin/api/users/${userId}/credit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await operatorToken()}` },
      body: JSON.stringify({ currency_id: USDT, wallet: 'legal', amount, reason: 'e2e' }),
    });
    expect(credited.status).toBe(200);
  }

  /** A signed-in browser (the session as the login screen stores it), with a verified identity. */
  async function openTrader(email: string, name: string): Promise<Trader> {
    const { token, id } = await register(email);
    await verifyIdentity(token, id, name);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.url}/noticeList`);
    await page.evaluate(
      (session) => {
        for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
      },
      { token, user_id: String(id), accountNum: email, is_vistor: '0', is_seller: '0' },
    );
    return { email, token, id, context, page };
  }

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();
    seller = await openTrader('e2e.c2c.seller@tessera.example', 'Li Lei');
    buyer = await openTrader('e2e.c2c.buyer@tessera.example', 'Han Meimei');
    await fundLegal(seller.id, '1000');
  });

  afterAll(async () => {
    await seller?.context.close();
    await buyer?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('the seller saves payment methods: the form asks for a real name and a valid card first', async () => {
    const { page } = seller;
    await page.goto(`${server.url}/userSetting`);
    await page.getByTestId('payment-methods-form').waitFor();
    await page.getByTestId('cash-bank-name').fill('ICBC');
    await page.getByTestId('cash-bank-account').fill('1234');
    await page.getByTestId('cash-submit').click();
    await page.getByText('Please enter your legal name').first().waitFor();
    await page.getByText('The bank card number is not valid').first().waitFor();

    await page.getByTestId('cash-real-name').fill('Li Lei');
    await page.getByTestId('cash-bank-account').fill('6222 0212 3456 7890');
    await page.getByTestId('cash-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Payment methods saved' }).first().waitFor();
    await eventually(() => page.getByTestId('payment-saved-ways').getByTestId('way-icons').getAttribute('data-ways')).toBe('bank');
    const saved = await api<{ real_name: string; bank_account: string }>('POST', 'user/cash_info', {}, seller.token);
    expect(saved.message).toMatchObject({ real_name: 'Li Lei', bank_account: '6222021234567890' });
  });

  it('the seller publishes a sell ad; the coins are held and the ad is listed in My ads', async () => {
    const { page } = seller;
    await page.goto(`${server.url}/c2c`);
    await page.getByTestId('publish-form').waitFor();
    await page.getByTestId('publish-type-sell').click();
    await page.getByTestId('coin-USDT').click();
    await eventually(() => text(page, 'c2c-available')).toBe('1000.00000000');
    // the form checks before sending: the quantity, the price, a way
    await page.getByTestId('publish-submit').click();
    await page.getByText('Please enter the quantity to sell').first().waitFor();
    await page.getByTestId('publish-total').fill('100');
    await page.getByTestId('publish-price').fill('7.25');
    await page.getByTestId('publish-min').fill('5');
    expect(await text(page, 'publish-value')).toBe('725.00 CNY');
    await page.getByTestId('publish-way-bank').check();
    await page.getByTestId('publish-submit').click();

    await page.waitForURL(/\/c2cRelease/, { timeout: 5000 });
    const ad = page.getByTestId('my-ads-sell').getByTestId('my-ad');
    await ad.first().waitFor();
    expect(await ad.count()).toBe(1);
    expect(await ad.first().getAttribute('data-status')).toBe('open');
    expect(Number(await ad.first().getAttribute('data-surplus'))).toBe(100);
  });

  it('the buyer without payment methods is sent to save them (997), then takes the ad', async () => {
    const { page } = buyer;
    await page.goto(`${server.url}/fiatradCenter`);
    const ad = page.getByTestId('market-ad');
    await ad.first().waitFor();
    expect(await ad.first().getAttribute('data-price')).toBe('7.2500');
    await ad.first().getByTestId('ad-take').click();
    await page.getByTestId('take-dialog').waitFor();
    await page.getByTestId('take-number').fill('10');
    expect(await text(page, 'take-money')).toBe('72.50 CNY');
    await page.getByTestId('take-confirm').click();
    await page.waitForURL(/\/userSetting$/, { timeout: 5000 });

    await page.getByTestId('cash-real-name').fill('Han Meimei');
    await page.getByTestId('cash-alipay').fill('hanmeimei@example.com');
    await page.getByTestId('cash-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Payment methods saved' }).first().waitFor();

    await page.getByTestId('c2c-nav-market').click();
    await page.getByTestId('market-ad').first().getByTestId('ad-take').click();
    await page.getByTestId('take-number').fill('10');
    await page.getByTestId('take-confirm').click();
    await page.waitForURL(/\/c2cDetail\?id=\d+/, { timeout: 5000 });
    orderId = Number(new URL(page.url()).searchParams.get('id'));
    expect(orderId).toBeGreaterThan(0);

    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    await eventually(() => page.locator('[data-testid="order-detail"] [data-state]').first().getAttribute('data-state')).toBe('0');
    // where to pay: the seller's real name and bank card, the amount, the payment window
    expect(await text(page, 'pay-to-name')).toContain('Li Lei');
    expect(await text(page, 'pay-to-bank')).toContain('6222021234567890');
    expect(await text(page, 'order-money')).toBe('72.50 CNY');
    expect(await text(page, 'order-countdown')).toMatch(/^1[45]:\d{2}$/);
    await page.getByTestId('order-cancel').waitFor();
    await page.getByTestId('order-pay').waitFor();
  });

  it('the hub shows the buyer ready to trade; the account centre shows the same payment methods', async () => {
    const { page } = buyer;
    await page.goto(`${server.url}/legalTrade`);
    await eventually(() => page.getByTestId('hub-identity').getAttribute('data-done')).toBe('true');
    await eventually(() => page.getByTestId('hub-payment').getAttribute('data-done')).toBe('true');
    for (const path of ['/account/userSetting', '/account/payment']) {
      await page.goto(`${server.url}${path}`);
      await eventually(() => page.getByTestId('cash-real-name').inputValue()).toBe('Han Meimei');
      expect(await page.getByTestId('cash-alipay').inputValue()).toBe('hanmeimei@example.com');
    }
    await page.goto(`${server.url}/c2cDetail?id=${orderId}`);
    await page.getByTestId('order-pay').waitFor();
  });

  it('the seller sees the order on the ad live, waiting for payment, with nothing to press yet', async () => {
    const { page } = seller;
    await page.getByTestId('my-ads-sell').getByTestId('my-ad-orders').first().click();
    await page.waitForURL(/\/c2cTrade\?id=\d+/);
    const row = page.locator(`[data-testid="order-row"][data-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('0');
    expect(await row.getByTestId('order-release').count()).toBe(0);
    await row.getByTestId('order-detail-link').click();
    await page.waitForURL(new RegExp(`/c2cDetail\\?id=${orderId}$`));
    await page.getByTestId('order-detail').waitFor();
    await eventually(() => text(page, 'c2c-frozen')).toBe('100.00000000');
    expect(await text(page, 'c2c-available')).toBe('900.00000000');
  });

  it('the buyer declares payment past the warning; the seller sees it live and confirms receipt', async () => {
    await buyer.page.getByTestId('order-pay').click();
    await buyer.page.getByTestId('pay-warning').waitFor();
    expect(await text(buyer.page, 'pay-warning')).toContain('Malicious clicking will freeze your account');
    await buyer.page.getByTestId('pay-confirm-confirm').click();
    await eventually(() => text(buyer.page, 'order-state')).toBe('Paid');
    expect(await buyer.page.getByTestId('order-pay').count()).toBe(0);

    const { page } = seller;
    await eventually(() => text(page, 'order-state')).toBe('Paid');
    // the seller is told the buyer paid
    await page.getByTestId('toast').filter({ hasText: `order #${orderId} is paid` }).first().waitFor();
    await page.getByTestId('order-release').click();
    await page.getByTestId('release-confirm').waitFor();
    await page.getByTestId('release-confirm-confirm').click();
    await eventually(() => text(page, 'order-state')).toBe('Completed');
  });

  it('both see the order complete and their balances move live', async () => {
    await eventually(() => text(buyer.page, 'order-state')).toBe('Completed');
    await eventually(() => text(buyer.page, 'c2c-available')).toBe('10.00000000');
    await eventually(() => text(seller.page, 'c2c-frozen')).toBe('90.00000000');
    expect(await text(seller.page, 'c2c-available')).toBe('900.00000000');
    // the buyer's order list shows it done; the ad has 90 left
    await buyer.page.getByTestId('c2c-nav-myOrders').click();
    await eventually(() => buyer.page.locator(`[data-testid="order-row"][data-id="${orderId}"]`).getAttribute('data-state')).toBe('1');
    await seller.page.getByTestId('c2c-nav-myAds').click();
    await eventually(async () => Number(await seller.page.getByTestId('my-ads-sell').getByTestId('my-ad').first().getAttribute('data-surplus'))).toBe(90);
  });

  /** The buyer takes `number` of the seller's ad through the market; answers the new order's id. */
  async function takeFromMarket(number: string): Promise<number> {
    const { page } = buyer;
    await page.getByTestId('c2c-nav-market').click();
    await page.getByTestId('market-ad').first().getByTestId('ad-take').click();
    await page.getByTestId('take-number').fill(number);
    await page.getByTestId('take-confirm').click();
    await page.waitForURL(/\/c2cDetail\?id=\d+/);
    await page.getByTestId('order-detail').waitFor();
    return Number(new URL(page.url()).searchParams.get('id'));
  }

  it('a new order arrives live on the seller\'s list; the buyer cancels it after confirming and both see it cancelled', async () => {
    await seller.page.getByTestId('my-ads-sell').getByTestId('my-ad-orders').first().click();
    await seller.page.waitForURL(/\/c2cTrade\?id=\d+/);
    await seller.page.getByTestId('order-row').first().waitFor();

    const id = await takeFromMarket('5');
    const row = seller.page.locator(`[data-testid="order-row"][data-id="${id}"]`);
    await eventually(() => row.getAttribute('data-state')).toBe('0');

    await buyer.page.getByTestId('order-cancel').click();
    await buyer.page.getByTestId('cancel-confirm-confirm').click();
    await eventually(() => text(buyer.page, 'order-state')).toBe('Cancelled');
    expect(await text(buyer.page, 'order-state-line')).toContain('The buyer cancelled this order');
    await eventually(() => row.getAttribute('data-state')).toBe('2');
  });

  it('once the appeal window has passed, the buyer appeals with a message and a proof image; an operator returns the coins', async () => {
    const operator = await operatorToken();
    const windowSet = await fetch(`${server.url}/admin/api/settings/c2c`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}` },
      body: JSON.stringify({ appeal_minutes: 0 }),
    });
    expect(windowSet.status).toBe(200);

    const id = await takeFromMarket('5');
    const { page } = buyer;
    await page.getByTestId('order-pay').click();
    await page.getByTestId('pay-confirm-confirm').click();
    await page.getByTestId('appeal-form').waitFor();
    // the form asks for the message, then the image
    await page.getByTestId('appeal-submit').click();
    expect(await text(page, 'appeal-problem')).toBe('Please describe the problem');
    await page.getByTestId('appeal-message').fill('Paid by bank transfer at 10:02, no release yet.');
    await page.getByTestId('appeal-submit').click();
    expect(await text(page, 'appeal-problem')).toBe('Please upload an image as proof');
    await page.getByTestId('appeal-proof-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.locator('[data-testid="appeal-proof-preview"][data-uploaded="true"]').waitFor();
    await page.getByTestId('appeal-submit').click();
    await page.getByTestId('appeal-sent').waitFor();
    expect(await text(page, 'appeal-sent')).toContain('You appealed this order.');

    // the seller, on the order, sees the appeal and the ruling arrive
    await seller.page.goto(`${server.url}/c2cDetail?id=${id}`);
    await seller.page.getByTestId('appeal-sent').waitFor();
    expect(await text(seller.page, 'appeal-sent')).toContain('The other party appealed this order.');
    // the proof image shows to the other party too
    await eventually(() => seller.page.getByTestId('appeal-image').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(8);
    const ruled = await fetch(`${server.url}/admin/api/c2c/orders/${id}/resolve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}` },
      body: JSON.stringify({ outcome: 'return', note: 'no payment found' }),
    });
    expect(ruled.status).toBe(200);
    for (const party of [buyer.page, seller.page]) {
      await eventually(() => text(party, 'appeal-sent')).toContain('the coins were returned to the seller');
      await eventually(() => text(party, 'order-state')).toBe('Cancelled');
    }
    await seller.page.getByTestId('c2c-nav-myAds').click();
    await seller.page.getByTestId('my-ads-sell').getByTestId('my-ad').first().waitFor();
  });

  it('a user whose identity is not verified is sent to the identity page (998) when publishing', async () => {
    const { token, id } = await register('e2e.c2c.newcomer@tessera.example');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.url}/noticeList`);
      await page.evaluate((session) => {
        for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
      }, { token, user_id: String(id), accountNum: 'e2e.c2c.newcomer@tessera.example', is_vistor: '0', is_seller: '0' });
      await page.goto(`${server.url}/c2c`);
      await page.getByTestId('publish-type-buy').click();
      await page.getByTestId('publish-total').fill('10');
      await page.getByTestId('publish-price').fill('7');
      await page.getByTestId('publish-way-ali_pay').check();
      await page.getByTestId('publish-submit').click();
      await page.waitForURL(/\/account\/authentication$/);
      await page.getByTestId('kyc-page').waitFor();
    } finally {
      await context.close();
    }
    const ads = await api<{ total: number }>('GET', 'c2c/seller_trade', { type: 'buy' }, token);
    expect(ads.message.total).toBe(0);
  });

  it('the seller withdraws the ad after confirming; the rest comes back', async () => {
    const { page } = seller;
    await page.getByTestId('my-ads-sell').getByTestId('my-ad-withdraw').first().click();
    await page.getByTestId('withdraw-confirm-confirm').click();
    await eventually(() => page.getByTestId('my-ads-sell').getByTestId('my-ad').first().getAttribute('data-status')).toBe('withdrawn');
    const wallets = await api<{ legal_wallet: { balance: { currency: number; legal_balance: string; lock_legal_balance: string }[] } }>('POST', 'wallet/list', {}, seller.token);
    const usdt = wallets.message.legal_wallet.balance.find((item) => item.currency === USDT);
    expect(Number(usdt?.legal_balance)).toBe(990);
    expect(Number(usdt?.lock_legal_balance)).toBe(0);
  });

  it('a buy ad: the buyer publishes it, the seller sells into it from the sell tab, the buyer pays, the seller releases', async () => {
    // the seller adds Alipay, the way the buy ad pays by
    const saved = await api('POST', 'user/cash_save', { real_name: 'Li Lei', bank_name: 'ICBC', bank_account: '6222021234567890', alipay_account: 'lilei@example.com' }, seller.token);
    expect(saved.type).toBe('ok');

    await buyer.page.getByTestId('c2c-nav-publish').click();
    await buyer.page.getByTestId('publish-type-buy').click();
    await buyer.page.getByTestId('coin-USDT').click();
    await buyer.page.getByTestId('publish-total').fill('20');
    await buyer.page.getByTestId('publish-price').fill('7.1');
    await buyer.page.getByTestId('publish-way-ali_pay').check();
    await buyer.page.getByTestId('publish-submit').click();
    await buyer.page.waitForURL(/\/c2cRelease/);
    await buyer.page.getByTestId('my-ads-buy').getByTestId('my-ad').first().waitFor();

    const { page } = seller;
    await page.getByTestId('c2c-nav-market').click();
    await page.getByTestId('market-tab-sell').click();
    const ad = page.getByTestId('market-ad');
    await eventually(() => ad.first().getAttribute('data-price')).toBe('7.1000');
    await ad.first().getByTestId('ad-take').click();
    await page.getByTestId('take-number').fill('20');
    expect(await text(page, 'take-money')).toBe('142.00 CNY');
    await page.getByTestId('take-confirm').click();
    await page.waitForURL(/\/c2cDetail\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('order-detail').waitFor();
    // the seller's 20 USDT are held; nothing to press until the buyer pays
    await eventually(() => text(page, 'c2c-frozen')).toBe('20.00000000');
    expect(await text(page, 'c2c-available')).toBe('970.00000000');
    expect(await page.getByTestId('order-release').count()).toBe(0);

    // the buyer finds the order on the ad and pays the seller's Alipay
    await buyer.page.getByTestId('my-ads-buy').getByTestId('my-ad-orders').first().click();
    await buyer.page.locator(`[data-testid="order-row"][data-id="${id}"]`).getByTestId('order-detail-link').click();
    await buyer.page.getByTestId('order-detail').waitFor();
    expect(await text(buyer.page, 'pay-to-ali_pay')).toContain('lilei@example.com');
    await buyer.page.getByTestId('order-pay').click();
    await buyer.page.getByTestId('pay-confirm-confirm').click();

    await eventually(() => text(page, 'order-state')).toBe('Paid');
    await page.getByTestId('order-release').click();
    await page.getByTestId('release-confirm-confirm').click();
    await eventually(() => text(page, 'order-state')).toBe('Completed');
    await eventually(() => text(buyer.page, 'order-state')).toBe('Completed');
    await eventually(() => text(buyer.page, 'c2c-available')).toBe('30.00000000');
    await eventually(() => text(page, 'c2c-frozen')).toBe('0.00000000');
    expect(await text(page, 'c2c-available')).toBe('970.00000000');
  });
});
