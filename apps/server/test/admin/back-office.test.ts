import { generate } from 'otplib';
import { beforeAll, expect, it } from 'vitest';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const PASSWORD = 'operator-password-1';
type Call = ReturnType<typeof operatorCall>;

describeEachDatabase('back office: roles, operator log, approvals, tables, content', (kind) => {
  let admin: Call;
  const as: Record<'reviewer' | 'support' | 'finance' | 'finance2', Call> = {} as never;

  async function loginAs(email: string): Promise<string> {
    const reply = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email, password: PASSWORD } });
    expect(reply.statusCode).toBe(200);
    return reply.json<{ token: string }>().token;
  }

  const { app } = useTestApp(kind);
  beforeAll(async () => {
    admin = operatorCall(app, await operatorToken(app));
    for (const [name, role] of [['reviewer', 'reviewer'], ['support', 'support'], ['finance', 'finance'], ['finance2', 'finance']] as const) {
      const created = await admin('POST', '/operators', { email: `${name}@ops.example`, password: PASSWORD, role });
      expect(created.status).toBe(200);
      as[name] = operatorCall(app, await loginAs(`${name}@ops.example`));
    }
  });

  it('declares the roles of every operator route but login, logout and enrolment', () => {
    const operatorRoutes = app.routes.filter((route) => route.url.startsWith('/admin/api/') && route.method !== 'HEAD');
    expect(operatorRoutes.length).toBeGreaterThan(40);
    const undeclared = operatorRoutes.filter((route) => !route.operatorOpen && !(route.roles && route.roles.length > 0)).map((route) => `${route.method} ${route.url}`);
    expect(undeclared, 'operator routes without `config: { roles }` (modules/admin/roles.ts)').toEqual([]);
    const open = operatorRoutes.filter((route) => route.operatorOpen).map((route) => `${route.method} ${route.url}`).sort();
    expect(open).toEqual(['POST /admin/api/login', 'POST /admin/api/logout', 'POST /admin/api/totp/enrol/confirm', 'POST /admin/api/totp/enrol/start']);
  });

  it('refuses every operator route to each role it does not declare, before reading the body', async () => {
    const tokens: Record<string, string> = {
      reviewer: await loginAs('reviewer@ops.example'),
      support: await loginAs('support@ops.example'),
      finance: await loginAs('finance@ops.example'),
    };
    let checked = 0;
    for (const route of app.routes.filter((entry) => entry.url.startsWith('/admin/api/') && entry.method !== 'HEAD' && entry.roles)) {
      for (const [role, token] of Object.entries(tokens)) {
        if (route.roles?.includes(role)) continue;
        const reply = await app.http.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z]+/g, '1'),
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect({ route: `${route.method} ${route.url}`, role, status: reply.statusCode, body: reply.json() }).toEqual({
          route: `${route.method} ${route.url}`,
          role,
          status: 403,
          body: { error: 'operator role not allowed' },
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("refuses a reviewer's session every money action, changing nothing, and lets it review identities", async () => {
    const user = await registerUser(apiClient(app), 'reviewed@example.com');
    const before = app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' });
    const refused = { status: 403, body: { error: 'operator role not allowed' } };
    expect(await as.reviewer('POST', `/users/${user.id}/credit`, { currency_id: 3, wallet: 'change', amount: '5', reason: 'try' })).toEqual(refused);
    expect(await as.reviewer('POST', '/deposits/1/confirm', { output_index: 0 })).toEqual(refused);
    expect(await as.reviewer('POST', '/withdrawals/1/chain-success', { tx_hash: 'a'.repeat(64) })).toEqual(refused);
    expect(await as.reviewer('POST', '/adjustments/1/approve')).toEqual(refused);
    expect(await as.reviewer('POST', '/audit/run')).toEqual(refused);
    expect(await as.reviewer('POST', '/operators', { email: 'x@ops.example', password: PASSWORD, role: 'admin' })).toEqual(refused);
    expect(app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' })).toEqual(before);
    // what a reviewer may do
    expect((await as.reviewer('GET', '/kyc')).status).toBe(200);
    expect((await as.reviewer('GET', '/dashboard')).status).toBe(200);
    expect((await as.reviewer('POST', `/kyc/${user.id}/approve`)).body).toEqual({ error: 'submission not found' });
    // support manages users but neither reviews identities nor moves money
    expect(await as.support('POST', `/kyc/${user.id}/approve`)).toEqual(refused);
    expect(await as.support('POST', `/users/${user.id}/credit`, { currency_id: 3, wallet: 'change', amount: '5', reason: 'try' })).toEqual(refused);
    expect((await as.support('POST', `/users/${user.id}/seller`, { is_seller: true })).status).toBe(200);
    // finance moves money but manages no operators
    expect((await as.finance('POST', `/users/${user.id}/credit`, { currency_id: 3, wallet: 'change', amount: '5', reason: 'goodwill' })).body).toMatchObject({ applied: true, available: '5' });
    expect(await as.finance('GET', '/operators')).toEqual(refused);
  });

  it('logs every action with who, what, when, before and after, filtered and paged', async () => {
    const user = await registerUser(apiClient(app), 'logged@example.com');
    await admin('POST', `/users/${user.id}/lock`, { until: '2030-01-01T00:00:00.000Z', reason: 'fraud check' });
    await admin('POST', `/users/${user.id}/unlock`);
    const log = await admin('GET', `/operator-log?user_id=${user.id}&limit=1`);
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ total: 2, page: 1, pages: 2 });
    const [newest] = log.body.list as { action: string; target: string; before: unknown; after: unknown; operator_email: string; created_at: string }[];
    expect(newest).toMatchObject({
      action: 'user.unlock',
      target: `user:${user.id}`,
      operator_email: app.config.ADMIN_EMAIL,
      before: { locked_until: '2030-01-01T00:00:00.000Z', reason: 'fraud check' },
      after: { locked_until: null },
    });
    const second = await admin('GET', `/operator-log?user_id=${user.id}&limit=1&page=2`);
    expect(second.body.list).toMatchObject([{ action: 'user.lock', before: { locked_until: null }, after: { locked_until: '2030-01-01T00:00:00.000Z' } }]);
    expect((await admin('GET', '/operator-log?action=operator.create')).body.total).toBe(4);
    // a prefix of the action, matched literally
    expect((await admin('GET', '/operator-log?action=operator')).body.total).toBeGreaterThanOrEqual(4);
    expect((await admin('GET', '/operator-log?action=%25')).body.total).toBe(0);
    expect((await admin('GET', '/operator-log?action=operator_create')).body.total).toBe(0);
  });

  it('pages users server-side, finds one by e-mail, phone or id, and exports the filtered set as CSV', async () => {
    const found = await admin('GET', '/users?q=reviewed%40example');
    expect(found.body).toMatchObject({ total: 1, list: [{ email: 'reviewed@example.com' }] });
    const id = (found.body.list as { id: number }[])[0]?.id;
    expect((await admin('GET', `/users?q=${id}`)).body.list).toMatchObject([{ id }]);
    expect((await admin('GET', '/users?q=%2B8610000000001')).body.list).toMatchObject([{ phone: '+8610000000001' }]);
    const first = await admin('GET', '/users?limit=2');
    expect((first.body.list as unknown[]).length).toBe(2);
    expect(first.body.total as number).toBeGreaterThan(4);
    const csv = await app.http.inject({ method: 'GET', url: '/admin/api/users?q=example.com&format=csv', headers: { authorization: `Bearer ${await operatorToken(app)}` } });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,account,email,phone,/);
    expect(lines.slice(1).every((line) => line.includes('example.com'))).toBe(true);
    expect(lines.length - 1).toBe((await admin('GET', '/users?q=example.com')).body.total);
    expect((await admin('GET', '/users?limit=1000')).status).toBe(400);
    expect((await admin('GET', '/users?format=xml')).status).toBe(400);
  });

  it("shows a user's profile without password hashes, balances, ledger and sessions", async () => {
    const user = await registerUser(apiClient(app), 'detail@example.com');
    await admin('POST', `/users/${user.id}/credit`, { currency_id: 3, wallet: 'legal', amount: '7.5', reason: 'test' });
    const detail = await admin('GET', `/users/${user.id}`);
    expect(detail.body.profile).toMatchObject({ id: user.id, email: 'detail@example.com', has_pay_password: false });
    expect(JSON.stringify(detail.body)).not.toMatch(/password_hash|argon2/);
    expect(detail.body.balances).toMatchObject([{ currency_id: 3, wallet: 'legal', available: '7.5' }]);
    expect((detail.body.sessions as unknown[]).length).toBe(1);
    expect((await admin('GET', `/users/${user.id}/ledger`)).body).toMatchObject({ total: 1, list: [{ delta_available: '7.5', reason: 'adjustment' }] });
    expect(await admin('GET', '/users/999999')).toEqual({ status: 404, body: { error: 'user not found' } });
  });

  it("holds a finance operator's adjustment above the threshold for a second operator, who applies it once", async () => {
    const user = await registerUser(apiClient(app), 'large@example.com');
    expect((await admin('PUT', '/settings/adjustment-approval', { threshold: '100' })).status).toBe(200);
    const requested = await as.finance('POST', `/users/${user.id}/credit`, { currency_id: 3, wallet: 'change', amount: '250', reason: 'refund of ticket 9' });
    expect(requested.body).toMatchObject({ applied: false, available: '0' });
    const id = requested.body.pending_approval as number;
    expect(await as.finance('POST', `/adjustments/${id}/approve`)).toEqual({ status: 409, body: { error: 'a second operator must approve' } });
    expect(app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' }).available).toBe(0n);
    expect((await as.finance2('GET', '/adjustments?status=pending')).body.list).toMatchObject([{ id: String(id), amount: '250', reason: 'refund of ticket 9' }]);
    expect((await as.finance2('POST', `/adjustments/${id}/approve`)).body).toMatchObject({ applied: true, available: '250' });
    expect(await as.finance2('POST', `/adjustments/${id}/approve`)).toEqual({ status: 404, body: { error: 'adjustment not found' } });
    expect(app.core.read.balance({ userId: user.id, currencyId: 3, wallet: 'change' }).available).toBe(250n * 10n ** 18n);
    expect((await admin('GET', `/operator-log?target=adjustment:${id}`)).body.list).toMatchObject([{ action: 'ledger.adjust.approve' }, { action: 'ledger.adjust.request' }]);
    // an admin's adjustment is not held (the admin sets the threshold anyway)
    expect((await admin('POST', `/users/${user.id}/credit`, { currency_id: 3, wallet: 'change', amount: '150', reason: 'admin fix' })).body).toMatchObject({ applied: true, available: '400' });
    await admin('PUT', '/settings/adjustment-approval', { threshold: '10000' });
  });

  it('manages operators: a changed role takes effect, a disabled operator is logged out and refused, the last admin stays', async () => {
    const created = await admin('POST', '/operators', { email: 'temp@ops.example', password: PASSWORD, role: 'support' });
    const id = created.body.id as number;
    expect(await admin('POST', '/operators', { email: 'TEMP@ops.example', password: PASSWORD, role: 'support' })).toEqual({ status: 409, body: { error: 'operator already exists' } });
    const temp = operatorCall(app, await loginAs('temp@ops.example'));
    expect((await temp('GET', '/me')).body).toMatchObject({ email: 'temp@ops.example', role: 'support' });
    expect((await admin('PUT', `/operators/${id}`, { disabled: true })).status).toBe(200);
    expect((await temp('GET', '/me')).status).toBe(401);
    const refused = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email: 'temp@ops.example', password: PASSWORD } });
    expect(refused.statusCode).toBe(401);
    const [self] = ((await admin('GET', '/operators')).body.list as { id: number; email: string }[]).filter((row) => row.email === app.config.ADMIN_EMAIL);
    expect(await admin('PUT', `/operators/${self?.id}`, { role: 'reviewer' })).toEqual({ status: 409, body: { error: 'the last admin cannot be removed' } });
    expect(await admin('PUT', '/operators/999999', { role: 'reviewer' })).toEqual({ status: 404, body: { error: 'operator not found' } });
    expect(await admin('POST', '/operators/999999/reset-totp')).toEqual({ status: 404, body: { error: 'operator not found' } });
    expect((await admin('POST', '/operators', { email: 'weak@ops.example', password: 'short', role: 'admin' })).status).toBe(400);
    expect((await admin('POST', '/operators', { email: 'x@ops.example', password: PASSWORD, role: 'root' })).status).toBe(400);
  });

  it("resets a lost second factor: the operator's sessions end and they log in to enrol again", async () => {
    const created = await admin('POST', '/operators', { email: 'lost@ops.example', password: PASSWORD, role: 'support' });
    const id = created.body.id as number;
    const lost = operatorCall(app, await loginAs('lost@ops.example'));
    const { secret } = (await lost('POST', '/totp/enrol/start')).body as { secret: string };
    expect((await lost('POST', '/totp/enrol/confirm', { code: await generate({ secret }) })).status).toBe(200);
    const withoutCode = await app.http.inject({ method: 'POST', url: '/admin/api/login', payload: { email: 'lost@ops.example', password: PASSWORD } });
    expect(withoutCode.json()).toEqual({ error: 'operator code required' });
    expect(await as.support('POST', `/operators/${id}/reset-totp`)).toEqual({ status: 403, body: { error: 'operator role not allowed' } });
    expect((await admin('POST', `/operators/${id}/reset-totp`)).status).toBe(200);
    expect((await lost('GET', '/me')).status).toBe(401);
    const again = operatorCall(app, await loginAs('lost@ops.example'));
    expect((await again('GET', '/me')).body).toMatchObject({ email: 'lost@ops.example', totp: false });
    expect((await admin('GET', `/operator-log?target=operator:${id}`)).body.list).toMatchObject([{ action: 'operator.reset_totp', before: { totp: true }, after: { totp: false } }, { action: 'operator.create' }]);
  });

  it('publishes an article in seven languages: a draft is not on the site, a published one is', async () => {
    const api = apiClient(app);
    const translations = { en: { title: 'Maintenance tonight', abstract: 'Short', content: '<p>Down 02:00</p>' }, zh: { title: '今晚维护' } };
    const created = await as.support('POST', '/content/articles', { c_id: 4, translations });
    expect(created.status).toBe(200);
    const key = created.body.article_key as string;
    const titles = async (lang: string) =>
      ((await api.post<{ list: { title: string }[] }>('news/list', { c_id: 4, lang, page: 1, limit: 50 })).body.message.list ?? []).map((row) => row.title);
    expect(await titles('en')).not.toContain('Maintenance tonight');
    expect((await as.support('POST', `/content/articles/${key}/publish`, { published: true })).status).toBe(200);
    expect(await titles('en')).toContain('Maintenance tonight');
    expect(await titles('zh')).toContain('今晚维护');
    // the operators' search is by words of the title, matched literally
    const search = async (q: string) => ((await as.support('GET', `/content/articles?q=${encodeURIComponent(q)}`)).body.list as { article_key: string }[]).map((row) => row.article_key);
    expect(await search('maintenance TONIGHT')).toContain(key);
    expect(await search('maintenance%tonight')).not.toContain(key);
    expect(await search('maintenance_tonight')).not.toContain(key);
    expect(await titles('jp')).toContain('Maintenance tonight');
    expect((await as.support('GET', `/content/articles/${key}`)).body).toMatchObject({ is_published: true, translations: { en: { title: 'Maintenance tonight' }, zh: { title: '今晚维护' } } });
    expect((await as.support('POST', '/content/articles', { c_id: 4, translations: { zh: { title: 'no english' } } })).status).toBe(400);
    expect((await as.support('POST', '/content/articles', { c_id: 9999, translations })).status).toBe(400);
    expect(await as.support('GET', '/content/articles/nope')).toEqual({ status: 404, body: { error: 'article not found' } });
    for (const content of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<iframe src="//evil"></iframe>', '<a href="JaVaScRiPt :x">']) {
      expect(await as.support('PUT', `/content/articles/${key}`, { c_id: 4, translations: { en: { title: 'Maintenance tonight', content } } })).toEqual({
        status: 400,
        body: { error: 'article holds active content' },
      });
    }
    expect((await as.support('GET', `/content/articles/${key}`)).body).toMatchObject({ translations: { en: { content: '<p>Down 02:00</p>' } } });
    expect((await as.reviewer('POST', '/content/articles', { c_id: 4, translations })).status).toBe(403);
    expect((await admin('GET', `/operator-log?target=article:${key}`)).body.list).toMatchObject([
      { action: 'content.publish', before: { is_published: false }, after: { is_published: true } },
      { action: 'content.create' },
    ]);
  });

  it('switches the market makers of a pair and records fee changes; the dashboard counts queues and volumes', async () => {
    const pairs = (await admin('GET', '/markets/pairs')).body.list as { id: number; market_maker: boolean; taker_fee: string }[];
    const pair = pairs[0];
    if (!pair) throw new Error('no pair');
    expect((await admin('PUT', `/markets/pairs/${pair.id}`, { market_maker: false, taker_fee: '0.002' })).status).toBe(200);
    expect(app.services.makerSwitches.isOn(pair.id)).toBe(false);
    const after = ((await admin('GET', '/markets/pairs')).body.list as { id: number; market_maker: boolean; taker_fee: string }[]).find((row) => row.id === pair.id);
    expect(after).toMatchObject({ market_maker: false, taker_fee: '0.002000' });
    expect((await admin('PUT', `/markets/pairs/${pair.id}`, { taker_fee: '1.5' })).status).toBe(400);
    expect(await admin('PUT', '/markets/pairs/999999', { market_maker: true })).toEqual({ status: 404, body: { error: 'pair not found' } });
    expect((await as.support('PUT', `/markets/pairs/${pair.id}`, { market_maker: true })).status).toBe(403);
    await admin('PUT', `/markets/pairs/${pair.id}`, { market_maker: true });

    expect((await admin('POST', '/audit/run')).body).toMatchObject({ ok: true });
    const dashboard = await as.reviewer('GET', '/dashboard');
    expect(dashboard.body).toMatchObject({ queues: { identity: expect.any(Number), deposits: 0, withdrawals: 0, adjustments: 0 }, last_audit: { report: { ok: true } } });
    expect((dashboard.body.pairs as { pair: string }[]).map((row) => row.pair)).toContain('BTC/USDT');
    // products register their queues: c2c counts the orders under appeal
    expect((await as.reviewer('GET', '/dashboard')).body.queues).toMatchObject({ disputes: 0, identity: expect.any(Number) });
    app.services.dashboardQueues.register({ key: 'another product', count: async () => 3 });
    expect((await as.reviewer('GET', '/dashboard')).body.queues).toMatchObject({ 'another product': 3, disputes: 0 });
    expect(dashboard.body.accounts).toEqual(expect.any(Array));
  });
});
