import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { multipartBody, TINY_PNG } from '../apps/server/test/support/multipart';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, type Envelope } from './session';

const ADMIN_EMAIL = 'admin@tessera.example';
const ADMIN_PASSWORD = 'admin-dev-password';
const USER_EMAIL = 'e2e.backoffice@tessera.example';
const PASSWORD = 'backoffice2026';
const FUND_PASSWORD = '135790';
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const NOTICE_TITLE = 'Scheduled maintenance E2E-7731';

/**
 * The back office in Chromium against the real server: the admin enrols TOTP and logs in with a
 * code, finds a user by e-mail, approves their identity from the queue, approves their withdrawal,
 * publishes a notice and sees it on the home page, rules on a c2c dispute; a reviewer is refused a
 * money action.
 */
describe('back office', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let userId: number;
  let userToken: string;
  let adminToken: string;
  let totpSecret: string;

  const api = <T,>(call: string, params: Record<string, string> = {}, auth?: string, method: 'GET' | 'POST' = 'POST') => apiCall<T>(server.url, call, params, auth, method);

  async function operator<T>(token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<{ status: number; body: T }> {
    const response = await fetch(`${server.url}/admin/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async function operatorLogin(email: string, password: string, totp?: string): Promise<string> {
    const response = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, ...(totp ? { totp } : {}) }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  async function upload(token: string): Promise<string> {
    const { contentType, payload } = multipartBody([{ filename: 'id.png', contentType: 'image/png', bytes: TINY_PNG }]);
    const response = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { Authorization: token, 'Content-Type': contentType }, body: new Uint8Array(payload) });
    return ((await response.json()) as Envelope<string>).message;
  }

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();

    // a user with an identity submission waiting and a withdrawal applying
    expect((await api('sms_mail', { user_string: USER_EMAIL, type: 'register' })).type).toBe('ok');
    const code = (await api<{ code: string }[]>('dev/outbox', { to: USER_EMAIL }, undefined, 'GET')).message[0]?.code ?? '';
    expect((await api('user/register', { type: 'email', user_string: USER_EMAIL, code, password: PASSWORD, re_password: PASSWORD })).type).toBe('ok');
    const login = await api<string>('user/login', { user_string: USER_EMAIL, password: PASSWORD, type: '1' });
    userToken = typeof login.token === 'string' ? login.token : login.message;
    userId = (await api<{ id: number }>('user/info', {}, userToken, 'GET')).message.id;
    const [front, reverse, hand] = [await upload(userToken), await upload(userToken), await upload(userToken)];
    expect((await api('user/real_name', { name: 'Li Back Office', card_id: 'E2E-ID-4471', front_pic: front ?? '', reverse_pic: reverse ?? '', hand_pic: hand ?? '' }, userToken)).type).toBe('ok');
    expect((await api('safe/set_pay_password', { password: FUND_PASSWORD, repassword: FUND_PASSWORD, login_password: PASSWORD }, userToken)).type).toBe('ok');
    expect((await api('wallet/addaddress', { currency_id: '3', address: TRON_ADDRESS, active: '1', notes: 'my tron wallet' }, userToken)).type).toBe('ok');

    // the admin enrols a second factor through the API (the secret the authenticator app would scan)
    adminToken = await operatorLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await operator(adminToken, 'POST', `/users/${userId}/credit`, { currency_id: 3, wallet: 'change', amount: '300', reason: 'e2e funds' })).status).toBe(200);
    expect((await api('wallet/out', { currency: '3', number: '100', address: TRON_ADDRESS, pay_password: FUND_PASSWORD }, userToken)).type).toBe('ok');
    totpSecret = (await operator<{ secret: string }>(adminToken, 'POST', '/totp/enrol/start')).body.secret;
    expect((await operator(adminToken, 'POST', '/totp/enrol/confirm', { code: await generate({ secret: totpSecret }) })).status).toBe(200);

    context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('logs in with e-mail, password and a TOTP code', async () => {
    await page.goto(`${server.url}/admin/`);
    const form = page.getByRole('form', { name: 'Operator login' });
    await form.getByLabel('E-mail').fill(ADMIN_EMAIL);
    await form.getByLabel('Password').fill(ADMIN_PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('operator code required');
    // the enrolment used this time step's code, and a code is never accepted twice: the next step's
    // (a code one step early is accepted, as a phone's clock may run ahead)
    await form.getByLabel(/Authenticator code/).fill(await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByTestId('operator-email').textContent()).toBe(ADMIN_EMAIL);
    expect(await page.getByTestId('operator-role').textContent()).toBe('admin');
    await expect.poll(() => page.getByTestId('queue-identity').textContent()).toBe('1');
  });

  it('finds a user by e-mail and opens their page', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(USER_EMAIL);
    const table = page.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.locator('tbody tr').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('user-profile').textContent()).toContain(USER_EMAIL);
    await expect.poll(() => page.getByRole('table', { name: 'Address book' }).textContent()).toContain(TRON_ADDRESS);
  });

  it('approves the identity from the queue, with its photos large', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Identity checks' }).click();
    const item = page.getByRole('article', { name: `Identity of user ${userId}` });
    await item.waitFor();
    const photo = item.getByRole('img', { name: 'front' });
    expect((await photo.boundingBox())?.height).toBeGreaterThanOrEqual(250);
    await item.getByRole('button', { name: 'Approve' }).click();
    await item.waitFor({ state: 'detached' });
    expect((await api<{ review_status: number }>('user/info', {}, userToken, 'GET')).message.review_status).toBe(2);
  });

  it('approves the withdrawal, next to the user’s address book', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Withdrawals' }).click();
    const table = page.getByRole('table', { name: 'Withdrawals' });
    const row = table.locator('tbody tr', { hasText: USER_EMAIL });
    await row.click();
    await expect.poll(() => page.getByTestId('withdrawal-state').textContent()).toBe('applying');
    await expect.poll(() => page.getByRole('table', { name: 'Address book' }).textContent()).toContain('my tron wallet');
    await page.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });
    const approved = await operator<{ list: { user_id: number; state: string }[] }>(adminToken, 'GET', '/withdrawals?status=approved');
    expect(approved.body.list.filter((item) => item.user_id === userId)).toHaveLength(1);
  });

  it('publishes a notice that the home page then shows', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content' }).click();
    await page.getByRole('button', { name: 'New article' }).click();
    await expect.poll(() => page.getByLabel('Category').inputValue()).toBe('4');
    await page.getByLabel('Title').fill(NOTICE_TITLE);
    await page.getByLabel('Body (HTML)').fill('<p>The exchange pauses for ten minutes.</p>');
    await page.getByRole('tab', { name: '简体中文' }).click();
    await page.getByLabel('Title').fill('系统维护通知 E2E-7731');
    await expect.poll(() => page.frameLocator('iframe[title="Preview"]').locator('h1').textContent()).toBe('系统维护通知 E2E-7731');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText('Published: it is on the site.').count()).toBe(1);

    const home = await context.newPage();
    await home.goto(`${server.url}/`);
    await expect.poll(() => home.getByText(NOTICE_TITLE).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await home.close();
  });

  it('rules on a c2c dispute: the appeal window set to 0, the proof large, the coins released to the buyer', async () => {
    // a second verified user buys from the first (verified above); both have payment methods
    const BUYER_EMAIL = 'e2e.c2c.buyer@tessera.example';
    expect((await api('sms_mail', { user_string: BUYER_EMAIL, type: 'register' })).type).toBe('ok');
    const code = (await api<{ code: string }[]>('dev/outbox', { to: BUYER_EMAIL }, undefined, 'GET')).message[0]?.code ?? '';
    expect((await api('user/register', { type: 'email', user_string: BUYER_EMAIL, code, password: PASSWORD, re_password: PASSWORD })).type).toBe('ok');
    const login = await api<string>('user/login', { user_string: BUYER_EMAIL, password: PASSWORD, type: '1' });
    const buyerToken = typeof login.token === 'string' ? login.token : login.message;
    const buyerId = (await api<{ id: number }>('user/info', {}, buyerToken, 'GET')).message.id;
    const [front, reverse, hand] = [await upload(buyerToken), await upload(buyerToken), await upload(buyerToken)];
    expect((await api('user/real_name', { name: 'Wang Buyer', card_id: 'E2E-ID-5582', front_pic: front, reverse_pic: reverse, hand_pic: hand }, buyerToken)).type).toBe('ok');
    expect((await operator(adminToken, 'POST', `/kyc/${buyerId}/approve`)).status).toBe(200);
    const cash = { real_name: 'Li Back Office', bank_name: 'ICBC', bank_account: '6222020200112233445', alipay_account: '', wechat_account: '' };
    for (const token of [userToken, buyerToken]) expect((await api('user/cash_save', cash, token)).type).toBe('ok');
    expect((await operator(adminToken, 'POST', `/users/${userId}/credit`, { currency_id: 3, wallet: 'legal', amount: '50', reason: 'e2e c2c funds' })).status).toBe(200);

    // the admin sets the appeal window to 0 minutes on the disputes screen
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'C2C disputes' }).click();
    const window = page.getByLabel('Appeal window (minutes after paid)');
    await expect.poll(() => window.inputValue()).toBe('30');
    await window.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await operator<{ appeal_minutes: number }>(adminToken, 'GET', '/settings/c2c')).body.appeal_minutes).toBe(0);

    // an order taken, marked paid, appealed by the buyer with a proof
    expect((await api('c2c_send', { type: 'sell', currency_id: '3', price: '7', total_number: '50', way: 'bank' }, userToken)).type).toBe('ok');
    const adId = (await api<{ data: { id: number }[] }>('c2c/seller_trade', {}, userToken, 'GET')).message.data[0]?.id ?? 0;
    const taken = await api<{ id: number }>('c2c/do_legal_deal', { id: String(adId), number: '20' }, buyerToken);
    expect(taken.type).toBe('ok');
    const orderId = taken.message.id;
    expect((await api('c2c/user_legal_pay', { id: String(orderId) }, buyerToken)).type).toBe('ok');
    const proof = await upload(buyerToken);
    expect((await api('c2c/appeal', { id: String(orderId), message: 'Paid by bank transfer E2E-C2C', image: proof }, buyerToken)).type).toBe('ok');

    const legal = async (id: number) => {
      const detail = await operator<{ balances: { currency_id: number; wallet: string; available: string }[] }>(adminToken, 'GET', `/users/${id}`);
      return Number(detail.body.balances.find((row) => row.currency_id === 3 && row.wallet === 'legal')?.available ?? '0');
    };
    const before = await legal(buyerId);

    // the operator opens the dispute from the queue, sees both parties and the proof large, and releases
    await page.reload();
    const table = page.getByRole('table', { name: 'Appealed orders' });
    const row = table.locator('tbody tr', { hasText: BUYER_EMAIL });
    await row.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('appeal-message').textContent()).toBe('Paid by bank transfer E2E-C2C');
    const image = page.getByRole('img', { name: `Proof of order ${orderId}` });
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(proof);
    expect((await image.boundingBox())?.height).toBeGreaterThanOrEqual(400);
    await page.getByRole('button', { name: 'Release to buyer…' }).click();
    await page.getByLabel('Ruling note').fill('bank slip checked');
    const confirmation = page.getByRole('alertdialog', { name: 'Confirm the ruling' });
    expect(await confirmation.textContent()).toContain(BUYER_EMAIL);
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await row.waitFor({ state: 'detached' });

    expect(await legal(buyerId)).toBe(before + 20);
    const order = await api<{ is_sure: number; appeal: { resolution: string } }>('c2c_deal', { id: String(orderId) }, buyerToken, 'GET');
    expect(order.message).toMatchObject({ is_sure: 1, appeal: { resolution: 'release' } });
    const log = await operator<{ list: { action: string }[] }>(adminToken, 'GET', `/operator-log?user_id=${buyerId}`);
    expect(log.body.list.map((entry) => entry.action)).toContain('c2c.release');
  });

  it('opens the product screens: c2c lists, acceptors, UpStart, second contracts, leverage (a pair saved), risk', async () => {
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'C2C', exact: true }).click();
    await page.getByLabel('Order state').selectOption('1');
    await expect.poll(() => page.getByRole('table', { name: 'C2C orders' }).textContent()).toContain('e2e.c2c.buyer@tessera.example');

    await menu.getByRole('link', { name: 'Acceptors' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Acceptors' }).textContent()).toContain('Tessera demo acceptor');
    // filtered on the server: a name nobody has leaves the table empty, the state filter brings the demo acceptor back
    await page.getByLabel('Search acceptors').fill('no such acceptor');
    await page.getByLabel('Search acceptors').press('Enter');
    await expect.poll(() => page.getByRole('table', { name: 'Acceptors' }).textContent()).toContain('Nothing here.');
    await page.getByLabel('Search acceptors').fill('demo');
    await page.getByLabel('Search acceptors').press('Enter');
    await page.getByLabel('Acceptor state').selectOption('active');
    await expect.poll(() => page.getByRole('table', { name: 'Acceptors' }).textContent()).toContain('Tessera demo acceptor');
    await page.getByRole('table', { name: 'Acceptor deals' }).waitFor();

    await menu.getByRole('link', { name: 'UpStart' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Projects' }).textContent()).toContain('TSR');
    await page.getByLabel('Project stage').selectOption('4');
    await expect.poll(() => page.getByRole('table', { name: 'Projects' }).textContent()).toContain('Nothing here.');

    await menu.getByRole('link', { name: 'Second contracts' }).click();
    await expect.poll(() => page.getByLabel('Duration 1 seconds').inputValue()).not.toBe('');

    await menu.getByRole('link', { name: 'Leverage' }).click();
    const maxPositions = page.getByLabel('BTC/USDT max positions');
    await maxPositions.waitFor();
    await maxPositions.fill('7');
    await page.getByRole('table', { name: 'Lever pairs' }).locator('tr', { hasText: 'BTC/USDT' }).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await operator<{ pairs: { symbol: string; max_positions: number }[] }>(adminToken, 'GET', '/lever/settings')).body.pairs.find((pair) => pair.symbol === 'BTC/USDT')?.max_positions)
      .toBe(7);

    await menu.getByRole('link', { name: 'Risk' }).click();
    await page.getByRole('table', { name: 'Nearest liquidation' }).waitFor();
    await page.getByRole('table', { name: 'Running second contracts' }).waitFor();
  });

  it('hides a pair from the Markets screen: the site’s quotation leaves it out at once, and it comes back', async () => {
    const shown = async () =>
      (await api<{ quotation: { symbol: string; is_display: number }[] }[]>('currency/quotation_new', {}, undefined, 'GET')).message
        .flatMap((group) => group.quotation)
        .find((item) => item.symbol === 'LINK/USDT')?.is_display;
    expect(await shown()).toBe(1);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Markets' }).click();
    const row = page.getByRole('table', { name: 'Pairs' }).locator('tr', { hasText: 'LINK/USDT' });
    await page.getByLabel('LINK/USDT enabled').uncheck();
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(shown).toBe(0);
    await page.getByLabel('LINK/USDT enabled').check();
    await page.getByRole('table', { name: 'Pairs' }).locator('tr', { hasText: 'LINK/USDT' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(shown).toBe(1);
  });

  it("refuses a reviewer's session a money action, and shows a reviewer no money controls", async () => {
    expect((await operator(adminToken, 'POST', '/operators', { email: 'reviewer.e2e@tessera.example', password: 'reviewer-password-1', role: 'reviewer' })).status).toBe(200);
    const reviewer = await operatorLogin('reviewer.e2e@tessera.example', 'reviewer-password-1');
    const refused = await operator(reviewer, 'POST', `/users/${userId}/credit`, { currency_id: 3, wallet: 'change', amount: '1', reason: 'not allowed' });
    expect(refused).toEqual({ status: 403, body: { error: 'operator role not allowed' } });

    const reviewerContext = await browser.newContext();
    const reviewerPage = await reviewerContext.newPage();
    await reviewerPage.goto(`${server.url}/admin/users/${userId}`);
    const form = reviewerPage.getByRole('form', { name: 'Operator login' });
    await form.getByLabel('E-mail').fill('reviewer.e2e@tessera.example');
    await form.getByLabel('Password').fill('reviewer-password-1');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => reviewerPage.getByTestId('operator-role').textContent()).toBe('reviewer');
    await reviewerPage.goto(`${server.url}/admin/users/${userId}`);
    await expect.poll(() => reviewerPage.getByTestId('user-profile').textContent()).toContain(USER_EMAIL);
    expect(await reviewerPage.getByText('Manual credit or debit').count()).toBe(0);
    expect(await reviewerPage.getByRole('link', { name: 'Operators and roles' }).count()).toBe(0);
    await reviewerContext.close();
  });
});

describe('bundles', () => {
  it('keeps the back office out of what visitors download', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const filesOf = async (dir: string): Promise<string[]> => (await readdir(dir, { recursive: true })).map((name) => path.join(dir, String(name)));
    const text = async (dir: string) => (await Promise.all((await filesOf(dir)).filter((file) => /\.(js|html|css)$/.test(file)).map((file) => readFile(file, 'utf8')))).join('\n');
    // strings only the back office has: its API paths and its screens
    const markers = ['/operator-log', 'Tessera back office', 'Adjustments to approve', '/totp/enrol/start'];
    const admin = await text(path.join(root, 'apps/admin/dist'));
    for (const marker of markers) expect(admin, `the back office bundle should hold ${marker}`).toContain(marker);
    const web = await text(path.join(root, 'apps/web/dist'));
    for (const marker of markers) expect(web, `the visitor bundle holds back-office code (${marker})`).not.toContain(marker);
  });
});
