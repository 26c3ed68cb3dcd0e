import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, type Envelope } from './session';

/** A valid 8×8 PNG (one colour), small enough for any upload rule. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPwrfmHFTEMLQkARhxxwVBysyYAAAAASUVORK5CYII=',
  'base64',
);

const TIME_ZONE = 'Asia/Shanghai';
const TIME_ZONE_OFFSET_MS = 8 * 3600_000;

const EMAIL = 'e2e.alice@tessera.example';
const EMAIL_PASSWORD = 'alice2026';
const PHONE = '13912345678';
const PHONE_PASSWORD = 'bob2026pw';
const PHONE_EMAIL = 'e2e.bob@tessera.example';

/**
 * Accounts and security against the real server: registration with an e-mailed code, login and
 * logout, binding an e-mail, the first fund password, identity verification approved by an operator (strength bar 100%),
 * the wait after five wrong passwords, and an operator's lock shown in English and in Chinese.
 * Needs apps/web/dist (npm run build -w @tessera/web).
 */
describe('accounts and security', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let files: string;
  let photo: string;

  /** A form-encoded call to the user API, as the web app makes it. */
  const api = <T,>(method: 'GET' | 'POST', call: string, params: Record<string, string> = {}, token?: string) => apiCall<T>(server.url, call, params, token, method);

  /** The newest code the development outbox holds for an address. */
  async function codeSentTo(address: string): Promise<string> {
    const reply = await api<{ code: string }[]>('GET', 'dev/outbox', { to: address });
    const code = reply.message[0]?.code;
    if (!code) throw new Error(`no code in the outbox for ${address}`);
    return code;
  }

  /** Presses a send-code button and waits until the server accepted (the countdown runs). */
  async function sendCode(testId: string) {
    const button = page.getByTestId(testId);
    await button.click();
    await expect.poll(() => button.isDisabled()).toBe(true);
    await expect.poll(async () => (await button.textContent()) ?? '').toMatch(/\d/);
  }

  async function logIn(account: string, password: string) {
    await page.goto(`${server.url}/components/login`);
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${server.url}/`);
    await page.getByTestId('account-menu').waitFor();
  }

  async function logOut() {
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/components\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  }

  const strength = () => page.getByTestId('security-strength').getAttribute('aria-valuenow');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE });
    page = await context.newPage();
    files = await mkdtemp(path.join(tmpdir(), 'tessera-e2e-files-'));
    photo = path.join(files, 'id.png');
    await writeFile(photo, TINY_PNG);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  it('registers an e-mail account with the code from the outbox', async () => {
    await page.goto(`${server.url}/components/register?email=${encodeURIComponent(EMAIL)}`);
    await expect.poll(() => page.getByTestId('reg-account').inputValue()).toBe(EMAIL);

    // No code before the agreement is ticked: a warning, and nothing in the outbox.
    await page.getByTestId('reg-send-code').click();
    await page.getByTestId('toast').filter({ hasText: 'User Agreement' }).waitFor();
    expect((await api<unknown[]>('GET', 'dev/outbox', { to: EMAIL })).message).toHaveLength(0);

    // The agreement opens in a dialog; agreeing there ticks the box.
    await page.getByTestId('reg-agreement-link').click();
    await page.getByTestId('agreement-text').waitFor();
    expect(((await page.getByTestId('agreement-text').textContent()) ?? '').length).toBeGreaterThan(100);
    await page.getByTestId('agreement-accept').click();
    await expect.poll(() => page.getByTestId('reg-agree').isChecked()).toBe(true);

    await sendCode('reg-send-code');
    await page.getByTestId('reg-code').fill(await codeSentTo(EMAIL));
    await page.getByTestId('reg-password').fill(EMAIL_PASSWORD);
    await page.getByTestId('reg-repassword').fill(EMAIL_PASSWORD);
    await page.getByTestId('reg-submit').click();

    await page.waitForURL(/\/components\/login$/);
    await page.getByTestId('toast').filter({ hasText: 'created' }).waitFor();
    expect(await page.getByTestId('login-account').inputValue()).toBe(EMAIL);
  });

  it('logs in, logs out and logs in again', async () => {
    await logIn(EMAIL, EMAIL_PASSWORD);
    expect(await page.getByTestId('account-menu').textContent()).toContain('****@tessera.example');
    await logOut();
    await logIn(EMAIL, EMAIL_PASSWORD);
    await page.goto(`${server.url}/account/accountSet`);
    // base 25 + e-mail 25
    await expect.poll(strength).toBe('50');
    await logOut();
  });

  it('binds an e-mail to a phone account', async () => {
    // A phone account, registered through the API (the form shows only the e-mail tab).
    expect((await api('POST', 'sms_send', { user_string: PHONE, country_code: '86', type: 'register' })).type).toBe('ok');
    const registered = await api('POST', 'user/register', {
      type: 'mobile',
      user_string: PHONE,
      country_code: '86',
      code: await codeSentTo(`+86${PHONE}`),
      password: PHONE_PASSWORD,
      re_password: PHONE_PASSWORD,
    });
    expect(registered.type).toBe('ok');

    await logIn(PHONE, PHONE_PASSWORD);
    await page.goto(`${server.url}/account/accountSet`);
    await expect.poll(strength).toBe('50');
    await page.getByTestId('security-action-email').click();
    await page.waitForURL(/\/bindEmail$/);

    await page.getByTestId('bind-email').fill(PHONE_EMAIL);
    await sendCode('bind-send-code');
    await page.getByTestId('bind-code').fill(await codeSentTo(PHONE_EMAIL));
    await page.getByTestId('bind-submit').click();

    // Success goes back one page: the security settings, now with the e-mail.
    await page.waitForURL(/\/account\/accountSet$/);
    await expect.poll(strength).toBe('75');
    expect(await page.getByTestId('security-status-email').textContent()).toContain('****@tessera.example');
  });

  it('sets the fund password once; afterwards /setCash offers a reset instead', async () => {
    await page.goto(`${server.url}/setCash`);
    await page.getByTestId('set-cash-page').waitFor();
    await page.getByTestId('cash-password').fill('246810');
    await page.getByTestId('cash-repassword').fill('246810');
    // a session alone may not set it: the login password proves the owner is at the keyboard
    await page.getByTestId('cash-login-password').fill(PHONE_PASSWORD);
    await page.getByTestId('cash-submit').click();
    await page.waitForURL(/\/account\/accountSet$/);
    await page.goto(`${server.url}/setCash`);
    await page.getByTestId('cash-already-set').waitFor();
    expect(await page.getByTestId('cash-submit').count()).toBe(0);
    expect(await page.getByTestId('cash-reset-link').getAttribute('href')).toBe('/forgetsPwd');
    // back to the security settings, where the next step starts
    await page.goto(`${server.url}/account/accountSet`);
    await page.getByTestId('area-nav-authentication').waitFor();
  });

  it('submits identity photos; once an operator approves, the strength bar is full', async () => {
    await page.getByTestId('area-nav-authentication').click();
    await page.waitForURL(/\/account\/authentication$/);
    await page.getByTestId('kyc-name').fill('Bob Example');
    await page.getByTestId('kyc-card').fill('E2E-1234567');
    for (const side of ['front', 'reverse', 'hand']) {
      await page.getByTestId(`kyc-file-${side}`).setInputFiles(photo);
      await page.locator(`[data-testid="kyc-preview-${side}"][data-uploaded="true"]`).waitFor();
    }
    await page.getByTestId('kyc-submit').click();
    await page.getByTestId('kyc-pending').waitFor();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const info = await api<{ id: number; review_status: number }>('GET', 'user/info', {}, token ?? '');
    expect(info.message.review_status).toBe(1);

    const login = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    });
    const { token: operator } = (await login.json()) as { token: string };
    const approved = await fetch(`${server.url}/admin/api/kyc/${info.message.id}/approve`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${operator}` },
    });
    expect(approved.status).toBe(200);

    await page.goto(`${server.url}/account/accountSet`);
    await page.reload();
    await expect.poll(strength).toBe('100');
    expect(await page.getByTestId('security-strength-label').textContent()).toContain('Strong');
    await page.goto(`${server.url}/account/authentication`);
    await page.getByTestId('kyc-approved').waitFor();
  });

  it('makes the sixth guess wait; an operator\'s lock says until when, also in Chinese', async () => {
    await page.goto(`${server.url}/account/accountSet`);
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const userId = (await api<{ id: number }>('GET', 'user/info', {}, token)).message.id;
    await logOut();

    // Guessing at an account (one that does not exist answers the same as one that does).
    const answers: string[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await page.getByTestId('login-account').fill('e2e.nobody@tessera.example');
      await page.getByTestId('login-password').fill('wrong-pass1');
      const [reply] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/api/user/login')),
        page.getByTestId('login-submit').click(),
      ]);
      answers.push(((await reply.json()) as Envelope<string>).message);
    }
    // the sixth waits: answered in the lock's form, with the time the wait ends
    expect(answers.slice(0, 5)).toEqual(Array<string>(5).fill('wrong account or password'));
    expect(answers[5]).toMatch(/^account locked, \d{4}-\d\d-\d\dT/);
    const alert = page.getByTestId('login-error');
    await expect.poll(async () => (await alert.textContent()) ?? '').toContain("Account is locked, can't do this before");

    // An operator locks the phone account: its owner, with the right password, learns until when.
    const operatorLogin = await fetch(`${server.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.example', password: 'admin-dev-password' }),
    });
    const { token: operator } = (await operatorLogin.json()) as { token: string };
    const locked = await fetch(`${server.url}/admin/api/users/${userId}/lock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${operator}` },
      body: JSON.stringify({ until: '2030-01-01T00:00:00.000Z', reason: 'e2e' }),
    });
    expect(locked.status).toBe(200);
    await page.getByTestId('login-account').fill(PHONE);
    await page.getByTestId('login-password').fill(PHONE_PASSWORD);
    const [reply] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/user/login')),
      page.getByTestId('login-submit').click(),
    ]);
    const lockedReply = ((await reply.json()) as Envelope<string>).message;
    expect(lockedReply).toBe('account locked, 2030-01-01T00:00:00.000Z');

    // The lock's end in the browser's time zone, rounded up to the minute, Latin digits.
    const until = new Date(lockedReply.slice('account locked,'.length).trim());
    const local = new Date(Math.ceil(until.getTime() / 60_000) * 60_000 + TIME_ZONE_OFFSET_MS);
    const shown = local.toISOString().slice(0, 16).replace('T', ' ');

    // the alert already holds the login wait's lock message: wait for this lock's time
    await expect.poll(async () => (await alert.textContent()) ?? '').toContain(shown);
    expect(await alert.textContent()).toContain("Account is locked, can't do this before");

    // The same refusal in Chinese after switching the language (the page reloads).
    await page.getByTestId('lang-menu').hover();
    await page.getByTestId('lang-option-zh').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await page.getByTestId('login-account').fill(PHONE);
    await page.getByTestId('login-password').fill(PHONE_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(async () => (await alert.textContent()) ?? '').toContain('账号已锁定');
    expect(await alert.textContent()).toContain(shown);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
