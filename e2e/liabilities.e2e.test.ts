import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { apiCall, DEV_OPERATOR, operatorCall, operatorLogin, signedInPage, type SignedInPage } from './session';


describe('proof of liabilities in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: SignedInPage;
  let folder: string;
  let proofFile: string;
  let publishedRoot: string;

  beforeAll(async () => {
    server = await startServer({ MARKET_MAKERS: 'off' });
    browser = await launchBrowser();
    folder = await mkdtemp(path.join(tmpdir(), 'tessera-e2e-proof-'));
    // demo funds are off in tests: the user holds what an operator credits
    user = await signedInPage(browser, server.url, 'demo@tessera.example', 'demo1234');
    const token = await operatorLogin(server.url);
    const trader = await apiCall<string>(server.url, 'user/login', { user_string: 'trader@tessera.example', password: 'trader1234', type: '1' });
    const traderId = (await apiCall<{ id: number }>(server.url, 'user/info', {}, String(trader.token ?? trader.message), 'GET')).message.id;
    for (const [userId, amount] of [[user.userId, '250.5'], [traderId, '99']] as const) {
      const credited = await operatorCall(server.url, token, 'POST', `/users/${userId}/credit`, { currency_id: 3, wallet: 'change', amount, reason: 'e2e funds' });
      expect(credited.status).toBe(200);
    }
  });

  afterAll(async () => {
    await user?.context.close();
    await browser?.close();
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('an operator publishes a snapshot from the back office', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/`);
    const form = page.getByRole('form', { name: 'Operator login' });
    await form.getByLabel('E-mail').fill(DEV_OPERATOR.email);
    await form.getByLabel('Password').fill(DEV_OPERATOR.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Proof of liabilities' }).click();
    await page.getByTestId('liabilities-publish').click();
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return page.getByTestId('liabilities-status').first().textContent();
      })
      .toMatch(/^published/);
    await context.close();
  });

  it('a user gets their proof, sees it checked against the published root, and downloads it', async () => {
    const { page } = user;
    await page.goto(`${server.url}/liabilities`);
    const usdtRoot = page.locator('[data-testid="liabilities-root"][data-currency="USDT"]').first();
    publishedRoot = (await usdtRoot.getByTestId('liabilities-root-hash').textContent()) ?? '';
    expect(publishedRoot).toMatch(/^[0-9a-f]{64}$/);

    await page.goto(`${server.url}/new_account/proof`);
    await page.getByTestId('proof-currency').selectOption({ label: 'USDT' });
    await page.getByTestId('proof-get').click();
    await expect.poll(() => page.getByTestId('proof-check').getAttribute('data-result')).toBe('holds');
    expect(await page.getByTestId('proof-root').textContent()).toBe(publishedRoot);
    expect(await page.getByTestId('proof-root-match').textContent()).toMatch(/published/);
    // two users hold USDT: two leaves, one sibling on the path
    expect(await page.getByTestId('proof-path').locator('li').count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('proof-download').click()]);
    proofFile = path.join(folder, 'proof.json');
    await download.saveAs(proofFile);
    const proof = JSON.parse(await readFile(proofFile, 'utf8')) as { root: { hash: string }; leaf: { balance: string } };
    expect(proof.root.hash).toBe(publishedRoot);
    expect(proof.leaf.balance).toBe('250.5');
  });

  it('refuses the downloaded proof once its balance is changed', async () => {
    const { page } = user;
    const proof = JSON.parse(await readFile(proofFile, 'utf8')) as { leaf: { balance: string } };
    const tampered = path.join(folder, 'tampered.json');
    await writeFile(tampered, JSON.stringify({ ...proof, leaf: { ...proof.leaf, balance: `${proof.leaf.balance}1` } }));
    await page.getByTestId('proof-file').setInputFiles(tampered);
    await expect.poll(() => page.getByTestId('proof-check').getAttribute('data-result')).toBe('fails');
    // the kept file itself still holds
    await page.getByTestId('proof-file').setInputFiles(proofFile);
    await expect.poll(() => page.getByTestId('proof-check').getAttribute('data-result')).toBe('holds');
  });

  it('checks the proof in the offline verifier, a single file opened with the network off', async () => {
    const html = await (await fetch(`${server.url}/liabilities-verifier.html`)).text();
    const file = path.join(folder, 'verifier.html');
    await writeFile(file, html);
    const context = await browser.newContext({ offline: true });
    const page: Page = await context.newPage();
    await page.goto(pathToFileURL(file).href);
    const verify = async (proof: string) => {
      await page.locator('#proof').fill(proof);
      await page.locator('#root').fill(publishedRoot);
      await page.getByRole('button', { name: 'Check the proof' }).click();
      return page.locator('#result').getAttribute('data-result');
    };
    const kept = await readFile(proofFile, 'utf8');
    expect(await verify(kept)).toBe('holds');
    expect(await verify(kept.replace(/"salt": "([0-9a-f])/, (_match, first: string) => `"salt": "${first === '0' ? '1' : '0'}`))).toBe('fails');
    await context.close();
  });
});
