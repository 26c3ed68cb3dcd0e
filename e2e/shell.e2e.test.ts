import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';

/**
 * The web shell against the real server: a visitor's first steps (home, language, theme, notices)
 * and a guest login. Needs apps/web/dist (npm run build -w @tessera/web).
 */
describe('web shell', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // demo funds on, as in development: the guest can trade at once
    server = await startServer({ DEMO_FUNDS: 'on' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);

  it('opens the home page as a visitor', async () => {
    await page.goto(`${server.url}/`);
    await page.getByTestId('login-link').waitFor();
    await expect(page.getByTestId('register-link').isVisible()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe('Tessera');
  });

  it('switches to Arabic: the page reloads right to left', async () => {
    await page.getByTestId('lang-menu').hover();
    await page.getByTestId('lang-option-ara').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('login-link').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.getByTestId('login-link').textContent()).toBe('تسجيل الدخول');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ara');
  });

  it('toggles night mode and keeps it after a reload', async () => {
    const before = await theme();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('theme-toggle').click()]);
    const after = await theme();
    expect(after).not.toBe(before);
    expect(['day', 'night']).toContain(after);
    await page.reload();
    await page.getByTestId('theme-toggle').waitFor();
    expect(await theme()).toBe(after);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('opens a notice from the notice list', async () => {
    await page.goto(`${server.url}/noticeList`);
    const first = page.getByTestId('notice-item').first();
    await first.waitFor();
    const listed = (await first.locator('h2').textContent())?.trim() ?? '';
    expect(listed).not.toBe('');
    await first.click();
    await page.waitForURL(/\/components\/noticeDetail\?id=\d+$/);
    const title = page.getByTestId('notice-title');
    await title.waitFor();
    expect(await title.isVisible()).toBe(true);
    expect((await title.textContent())?.trim()).toBe(listed);
  });

  it('logs in as a guest and shows the masked account in the header', async () => {
    await page.goto(`${server.url}/components/loginTourist`);
    await page.getByTestId('guest-login').click();
    await page.waitForURL(`${server.url}/`);
    const menu = page.getByTestId('account-menu');
    await menu.waitFor();
    const shown = (await menu.textContent()) ?? '';
    expect(shown).toContain('****');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      account: localStorage.getItem('accountNum'),
      guest: localStorage.getItem('is_vistor'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.guest).toBe('1');
    // The masked form keeps the start and the end of the stored account, never the whole.
    const account = stored.account ?? '';
    expect(shown).toContain(account.slice(0, 3));
    expect(shown).not.toContain(account);
    await expect(page.getByTestId('login-link').count()).resolves.toBe(0);
  });

  it('lets the guest place an order at once with the demo funds; no transfer link', async () => {
    await page.goto(`${server.url}/dealCenter`);
    await page.getByTestId('deal-center').waitFor();
    await expect.poll(async () => (await page.getByTestId('buy-available').first().textContent())?.trim(), { timeout: 10_000 }).toBe('10000.0000');
    // approximate values are in CNY, in the pair header and beside the book's last price
    await expect.poll(async () => (await page.getByTestId('pair-last-price-cny').textContent())?.trim(), { timeout: 10_000 }).toMatch(/^¥\d+\.\d{2}$/);
    expect((await page.getByTestId('book-last-price-cny').textContent())?.trim()).toMatch(/^≈ ¥\d+\.\d{2}$/);
    // guests may not transfer: the form has no transfer link for them
    expect(await page.getByTestId('trade-transfer').count()).toBe(0);
    await page.getByTestId('buy-price').fill('100');
    await page.getByTestId('buy-number').fill('0.5');
    await page.getByTestId('buy-submit').click();
    await page.getByTestId('order-confirm').waitFor();
    await page.getByTestId('order-confirm-confirm').click();
    await page.getByTestId('open-order-row').first().waitFor();
    expect(await page.getByTestId('open-order-row').first().getAttribute('data-side')).toBe('in');
    await expect.poll(async () => (await page.getByTestId('buy-available').first().textContent())?.trim(), { timeout: 10_000 }).toBe('9950.0000');
  });
});
