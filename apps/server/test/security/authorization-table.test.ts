import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import type { RegisteredRoute } from '../../src/app/route-list';
import { operatorToken, registerUser } from '../support/accounts';
import { databaseFingerprint } from '../support/database-snapshot';
import { postFiles, TINY_PNG } from '../support/multipart';
import { fieldsOf, openApiOperations, type Operation } from '../support/openapi';
import { callRoute, routeKey } from '../support/route-calls';
import { describeEachDatabase, type TestApp } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { ID_FIELD_PATTERN, ID_FIELDS, namesOwned, type OwnedKind } from './id-fields';
import { ROUTE_ACCESS, type Access } from './route-access';

const A_SAVED_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const A_WITHDRAWAL_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const A_DEPOSIT_HASH = 'e'.repeat(64);

/** Routes Fastify registered, HEAD twins left out (each is covered by its GET: same hooks and handler). */
function registeredRoutes(app: TestApp): RegisteredRoute[] {
  return app.routes.filter((route) => route.method !== 'HEAD');
}

function routesWith(app: TestApp, access: Access): RegisteredRoute[] {
  return registeredRoutes(app).filter((route) => ROUTE_ACCESS[routeKey(route)] === access);
}

function isEnvelope(body: unknown, type: string): boolean {
  return typeof body === 'object' && body !== null && (body as { type?: unknown }).type === type && typeof (body as { message?: unknown }).message === 'string';
}

describeEachDatabase('authorization table', (kind) => {

  const { app, api } = useTestApp(kind, { audit: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } });

  it('classifies every route the server registers (route-access.ts), and lists no route that is gone', () => {
    const unclassified = registeredRoutes(app).map(routeKey).filter((key) => !(key in ROUTE_ACCESS));
    expect(unclassified, `unclassified routes: add each to ROUTE_ACCESS in test/security/route-access.ts`).toEqual([]);
    const registered = new Set(registeredRoutes(app).map(routeKey));
    // the web app's routes exist only when it is built: static entries may be absent here
    const stale = Object.entries(ROUTE_ACCESS).filter(([key, access]) => access !== 'static' && !registered.has(key)).map(([key]) => key);
    expect(stale, 'ROUTE_ACCESS lists routes the server no longer registers').toEqual([]);
    expect(routesWith(app, 'private').length).toBeGreaterThan(20);
    expect(routesWith(app, 'operator').length).toBeGreaterThan(15);
  });

  it('answers type 999 on every private route without a token, with a bogus, a revoked or an operator token, and writes nothing', async () => {
    const revoked = (await registerUser(api, 'revoked@example.com')).token;
    expect((await api.post('user/logout', {}, { token: revoked })).body.type).toBe('ok');
    const operator = await operatorToken(app);
    const tokens: Record<string, string | undefined> = {
      'no token': undefined,
      'a bogus token': 'not-a-real-session-token-0123456789abcdef',
      'a bearer bogus token': 'Bearer 0123456789abcdef0123456789abcdef',
      'the text null': 'null',
      'a revoked token': revoked,
      'an operator token': operator,
    };
    const before = await databaseFingerprint(app.db);
    const answered: string[] = [];
    for (const route of routesWith(app, 'private')) {
      for (const [label, token] of Object.entries(tokens)) {
        const reply = await callRoute(app, route, token === undefined ? {} : { token });
        if (reply.status !== 200 || !isEnvelope(reply.body, '999')) answered.push(`${routeKey(route)} with ${label}: ${reply.status} ${reply.text.slice(0, 120)}`);
      }
    }
    expect(answered, 'private routes that did not answer 999').toEqual([]);
    expect(await databaseFingerprint(app.db)).toEqual(before);
  });

  it('answers every public route without a token, never with 999 (a private route listed as public would)', async () => {
    const asksForLogin: string[] = [];
    for (const route of [...routesWith(app, 'public'), ...routesWith(app, 'development'), ...routesWith(app, 'static')]) {
      const reply = await callRoute(app, route);
      if (isEnvelope(reply.body, '999') || reply.status >= 500) asksForLogin.push(`${routeKey(route)}: ${reply.status} ${reply.text.slice(0, 120)}`);
    }
    expect(asksForLogin).toEqual([]);
  });

  it('refuses every operator route without an operator session (none, bogus, revoked, a user’s token), and writes nothing', async () => {
    const user = (await registerUser(api, 'not-an-operator@example.com')).token;
    const revoked = await operatorToken(app);
    const logout = await app.http.inject({ method: 'POST', url: '/admin/api/logout', headers: { authorization: `Bearer ${revoked}` } });
    expect(logout.statusCode).toBe(200);
    const tokens: Record<string, string | undefined> = {
      'no token': undefined,
      'a bogus token': 'Bearer not-a-real-operator-session',
      'a revoked operator token': `Bearer ${revoked}`,
      'a user token': user,
      'a bearer user token': `Bearer ${user}`,
    };
    const before = await databaseFingerprint(app.db);
    const answered: string[] = [];
    for (const route of routesWith(app, 'operator')) {
      for (const [label, token] of Object.entries(tokens)) {
        const reply = await callRoute(app, route, token === undefined ? {} : { token });
        if (reply.status !== 401 || (reply.body as { error?: string }).error !== 'operator login required') {
          answered.push(`${routeKey(route)} with ${label}: ${reply.status} ${reply.text.slice(0, 120)}`);
        }
      }
    }
    expect(answered, 'operator routes that did not refuse').toEqual([]);
    expect(await databaseFingerprint(app.db)).toEqual(before);
  });

  // trading bots (issue 28): the signed API refuses every call without a valid signature, a session token included
  it('answers HTTP 401 on every signed route without a valid signature (none, a user’s token, an unknown key), and writes nothing', async () => {
    const user = (await registerUser(api, 'not-a-bot@example.com')).token;
    const attempts: Record<string, Record<string, string>> = {
      'no headers': {},
      'a user token': { authorization: user },
      'an unknown key': { 'x-tsr-apikey': 'no-such-key', 'x-tsr-timestamp': String(Date.now()), 'x-tsr-signature': 'a'.repeat(64) },
    };
    const before = await databaseFingerprint(app.db);
    const answered: string[] = [];
    for (const route of routesWith(app, 'signed')) {
      for (const [label, headers] of Object.entries(attempts)) {
        const reply = await app.http.inject({ method: route.method as 'GET', url: route.url, headers });
        const body = reply.json<{ type?: string; message?: string }>();
        if (reply.statusCode !== 401 || body.type !== 'error' || !['api key required', 'invalid api key'].includes(body.message ?? '')) answered.push(`${routeKey(route)} with ${label}: ${reply.statusCode} ${reply.body.slice(0, 120)}`);
      }
    }
    expect(answered, 'signed routes that did not refuse').toEqual([]);
    expect(routesWith(app, 'signed').length).toBeGreaterThanOrEqual(9);
    expect(await databaseFingerprint(app.db)).toEqual(before);
  });

  describe('ownership: user B naming user A’s objects', () => {
    let owner: { token: string; id: number };
    let stranger: { token: string; id: number };
    const ownedIds: Record<OwnedKind, number> = { order: 0, address: 0, user: 0, session: 0 };
    let markers: string[];
    let operations: Operation[];

    beforeAll(async () => {
      owner = await registerUser(api, 'owner-a@example.com');
      stranger = await registerUser(api, 'stranger-b@example.com');
      const asOwner = { token: owner.token };
      await app.core.execute({ kind: 'adjust', key: `fund-owner-${owner.id}`, userId: owner.id, currencyId: 3, wallet: 'change', amount: parseAmount('9876.54321'), reason: 'adjustment', reference: 'test' });
      expect((await api.post('safe/set_pay_password', { password: '135790', repassword: '135790', login_password: 'secret123' }, asOwner)).body.type).toBe('ok');

      expect((await api.post('wallet/addaddress', { currency_id: 3, address: A_SAVED_ADDRESS, active: '0', notes: 'owner-a-notes' }, asOwner)).body.type).toBe('ok');
      const saved = await api.post<{ id: number }[]>('wallet/get_address', { currency: 3 }, asOwner);
      ownedIds.address = saved.body.message[0]?.id ?? 0;

      const withdrawn = await api.post('wallet/out', { currency: 3, number: '50', address: A_WITHDRAWAL_ADDRESS, pay_password: '135790' }, asOwner);
      expect(withdrawn.body.type).toBe('ok');

      const proof = (await postFiles(app, '/api/upload', owner.token, [{ filename: 'proof.png', contentType: 'image/png', bytes: TINY_PNG }])).body.message;
      const claimed = await api.post('wallet/charge_req', { currency: 3, acc: 'TOwnerASenderAccount', hash: A_DEPOSIT_HASH, amount: '77.7', pic: proof, active: '1' }, asOwner);
      expect(claimed.body.type).toBe('ok');

      const placed = await api.post<string>('transaction/in', { legal_id: 3, currency_id: 1, price: '1000', num: '0.01', mode: 2 }, asOwner);
      expect(placed.body.type).toBe('ok');
      ownedIds.order = Number(placed.body.order_id);
      expect((await api.post('wallet/change', { currency_id: 3, number: '1', from_field: 'change', to_field: 'micro' }, asOwner)).body.type).toBe('ok');
      ownedIds.user = owner.id;
      const [session] = await app.db.query<{ id: number }>('select id from sessions where user_id = $1 and revoked_at is null order by id desc limit 1', [owner.id]);
      ownedIds.session = session?.id ?? 0;

      // what only A's own views may show: the account, the addresses, the hash, the notes, the
      // proof image, and the odd digits of A's balance (9876.54321 funded, whole amounts spent)
      markers = ['owner-a@example.com', A_SAVED_ADDRESS, A_WITHDRAWAL_ADDRESS, A_DEPOSIT_HASH, 'owner-a-notes', 'TOwnerASenderAccount', proof, '.54321'];
      operations = openApiOperations(app);
    });

    it('knows what every id field of the OpenAPI document names (id-fields.ts)', () => {
      const unlisted = operations.flatMap((operation) =>
        fieldsOf(operation)
          .filter((field) => ID_FIELD_PATTERN.test(field))
          .map((field) => `${operation.method} ${operation.url} ${field}`)
          .filter((key) => !(key in ID_FIELDS)),
      );
      expect(unlisted, 'id fields missing from ID_FIELDS in test/security/id-fields.ts').toEqual([]);
      const documented = new Set(operations.flatMap((operation) => fieldsOf(operation).map((field) => `${operation.method} ${operation.url} ${field}`)));
      expect(Object.keys(ID_FIELDS).filter((key) => !documented.has(key)), 'ID_FIELDS lists fields no route takes').toEqual([]);
    });

    it('answers B naming A’s order, address or account as the table says, and changes nothing of A’s', async () => {
      const before = await databaseFingerprint(app.db);
      for (const [key, field] of Object.entries(ID_FIELDS)) {
        if (!namesOwned(field)) continue;
        const [method = '', url = '', name = ''] = key.split(' ');
        const route = { method, url };
        const withA = await callRoute(app, route, { token: stranger.token, fields: { [name]: ownedIds[field.names] } });
        expect(withA.status, key).toBe(200);
        if (field.stranger === 'ignored') {
          const without = await callRoute(app, route, { token: stranger.token });
          expect(withA.body, `${key}: naming A must change nothing in B's reply`).toEqual(without.body);
        } else {
          expect(withA.body, key).toEqual({ type: 'error', message: field.stranger.refused });
        }
        for (const marker of markers) expect(withA.text, `${key} shows A's ${marker}`).not.toContain(marker);
      }
      expect(await databaseFingerprint(app.db)).toEqual(before);
      const open = await api.post<{ list: { id: number }[] }>('transaction_in', {}, { token: owner.token });
      expect(open.body.message.list.map((order) => order.id)).toEqual([ownedIds.order]);
      expect((await api.post<unknown[]>('wallet/get_address', { currency: 3 }, { token: owner.token })).body.message).toHaveLength(1);
    });

    it('shows B nothing of A’s on any private route, with A’s ids in every id field, and moves none of A’s money', async () => {
      const money = await databaseFingerprint(app.db, ['balances', 'ledger_entries', 'spot_orders', 'withdrawals', 'deposit_requests', 'withdraw_addresses']);
      const leaks: string[] = [];
      for (const route of routesWith(app, 'private')) {
        const operation = operations.find((item) => item.method === route.method && item.url === route.url);
        const fields: Record<string, number> = {};
        for (const field of operation ? fieldsOf(operation) : []) {
          const entry = ID_FIELDS[`${route.method} ${route.url} ${field}`];
          if (entry && namesOwned(entry)) fields[field] = ownedIds[entry.names];
        }
        for (const attempt of [fields, {}]) {
          const reply = await callRoute(app, route, { token: stranger.token, fields: attempt });
          if (reply.status !== 200) leaks.push(`${routeKey(route)}: HTTP ${reply.status}`);
          for (const marker of markers) if (reply.text.includes(marker)) leaks.push(`${routeKey(route)} shows ${marker}`);
        }
      }
      expect(leaks).toEqual([]);
      // the same calls by A do show A's objects: the markers are real
      const own = await api.post('wallet/out_log', {}, { token: owner.token });
      expect(JSON.stringify(own.body)).toContain(A_WITHDRAWAL_ADDRESS);
      const deposits = await api.post('wallet/charge_log', {}, { token: owner.token });
      expect(JSON.stringify(deposits.body)).toContain(A_DEPOSIT_HASH);
      expect(await databaseFingerprint(app.db, ['balances', 'ledger_entries', 'spot_orders', 'withdrawals', 'deposit_requests', 'withdraw_addresses'])).toEqual(money);
    });
  });
});
