import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import type { SignedAdmission } from '../../src/core/admissions/admission';
import { KEY_LIVE_MS } from '../../src/core/admissions/admission-book';
import type { Database } from '../../src/db/database';
import { databaseFingerprint, tableNames } from '../support/database-snapshot';
import { useTestApp } from '../support/fixture';
import { createReopenableApp } from '../support/reopenable-app';
import { keyOnlyBot, signedCall, type ApiCredentials } from '../support/signed-api';
import type { TestApp } from '../support/test-app';
import { describeEachDatabase } from '../support/test-app';

/** The key's uses and last use are bookkeeping every signed request adds to, admitted or not. */
const BOOKKEEPING = new Set(['api_key_uses', 'api_keys']);

/** Every table but the keys' bookkeeping: equal before and after, a call changed nothing. */
async function fingerprint(db: Database) {
  return databaseFingerprint(db, (await tableNames(db)).filter((table) => !BOOKKEEPING.has(table)));
}

async function ordersOf(db: Database, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from spot_orders where user_id = $1', [userId]);
  return row?.n ?? -1;
}

async function keyIdOf(db: Database, credentials: ApiCredentials): Promise<number> {
  const [row] = await db.query<{ id: string }>('select id::text from api_keys where key = $1', [credentials.key]);
  return Number(row?.id);
}

const ORDER = { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price: '1000' };

describeEachDatabase('signed orders admitted by the core', (kind) => {
  const { app } = useTestApp(kind, { audit: true, env: { API_V1_REQUESTS_PER_MINUTE: '100000' } });
  let bot: Awaited<ReturnType<typeof keyOnlyBot>>;
  beforeAll(async () => {
    bot = await keyOnlyBot(app, 'admitted-bot@example.com');
  });

  /** A buy of the bot's on BTC/USDT far below the market, straight to the core, carrying `admission` when given. */
  const place = (key: string, admission?: SignedAdmission) => {
    const pair = [...app.core.read.pairs()].find((each) => each.symbol === 'BTC/USDT');
    return app.core.execute({ kind: 'spot_place', key, userId: bot.id, pairId: pair?.id ?? 0, side: 'buy', type: 'limit', price: parseAmount('1000'), quantity: parseAmount('0.001'), ...(admission ? { admission } : {}) });
  };
  const admissionOf = async (signature: string): Promise<SignedAdmission> => ({ keyId: await keyIdOf(app.db, bot.credentials), signature, sentAt: Date.now(), expiresAt: Date.now() + 60_000, attempt: randomUUID() });

  /** The key's uses so far (admitted, refused), as the login history shows them. */
  const usesOfBot = async () => {
    await app.services.signedRequests.flushUses();
    const [row] = await app.db.query<{ requests: number; refused: number }>(
      'select coalesce(sum(requests), 0)::int as requests, coalesce(sum(refused), 0)::int as refused from api_key_uses where key_id = $1',
      [await keyIdOf(app.db, bot.credentials)],
    );
    return row;
  };

  it('refuses a replayed signed order, with or without a client order id, and changes nothing', async () => {
    const usesBefore = await usesOfBot();
    for (const body of [ORDER, { ...ORDER, clientOrderId: 'replayed-1' }]) {
      const timestamp = Date.now();
      // the longest window, so the copy is judged as a copy on a loaded machine too
      const recvWindow = 60_000;
      const first = await signedCall(app, bot.credentials, 'POST', '/api/v1/order', { body, timestamp, recvWindow });
      expect(first, JSON.stringify(first.body)).toMatchObject({ status: 200, body: { type: 'ok' } });
      // the admission went in with the order: one row for the signature
      const [nonces] = await app.db.query<{ n: number; attempts: number }>(
        'select count(*)::int as n, count(attempt)::int as attempts from api_request_nonces where key_id = $1',
        [await keyIdOf(app.db, bot.credentials)],
      );
      const before = await fingerprint(app.db);
      const again = await signedCall(app, bot.credentials, 'POST', '/api/v1/order', { body, timestamp, recvWindow });
      expect(again).toMatchObject({ status: 401, body: { type: 'error', message: 'request replayed' } });
      expect(await fingerprint(app.db)).toEqual(before);
      expect(nonces?.n).toBe(nonces?.attempts);
    }
    // and an order whose body the schema refuses
    expect(await signedCall(app, bot.credentials, 'POST', '/api/v1/order', { body: { ...ORDER, side: 7 } })).toMatchObject({ status: 400, body: { message: 'parameter error' } });
    // in the key's uses each order counts as admitted, each copy and the malformed order as refused
    expect(await usesOfBot()).toEqual({ requests: (usesBefore?.requests ?? 0) + 2, refused: (usesBefore?.refused ?? 0) + 3 });
  });

  it('records the admission of an order the rules refuse: a copy is refused as replayed, not tried again', async () => {
    const timestamp = Date.now();
    const recvWindow = 60_000;
    const tooBig = { ...ORDER, quantity: '1000000' };
    const orders = await ordersOf(app.db, bot.id);
    expect(await signedCall(app, bot.credentials, 'POST', '/api/v1/order', { body: tooBig, timestamp, recvWindow })).toMatchObject({ status: 400, body: { message: 'insufficient balance' } });
    const before = await fingerprint(app.db);
    expect(await signedCall(app, bot.credentials, 'POST', '/api/v1/order', { body: tooBig, timestamp, recvWindow })).toMatchObject({ status: 401, body: { message: 'request replayed' } });
    expect(await fingerprint(app.db)).toEqual(before);
    expect(await ordersOf(app.db, bot.id)).toBe(orders);
  });

  it('admits one of two copies of a request sent at once', async () => {
    const orders = await ordersOf(app.db, bot.id);
    const timestamp = Date.now();
    const replies = await Promise.all([0, 1].map(() => signedCall(app, bot.credentials, 'POST', '/api/v1/order', { body: ORDER, timestamp })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 401]);
    expect(replies.find((reply) => reply.status === 401)?.body).toEqual({ type: 'error', message: 'request replayed' });
    expect(await ordersOf(app.db, bot.id)).toBe(orders + 1);
  });

  it('in one batch: the first copy applies, the second is refused alone, and the rest of the batch applies', async () => {
    const orders = await ordersOf(app.db, bot.id);
    const admission = await admissionOf('copied-in-one-batch');
    // submitted in the same turn: one batch
    const outcomes = await Promise.allSettled([place(`copy-a-${randomUUID()}`, admission), place(`copy-b-${randomUUID()}`, { ...admission, attempt: randomUUID() }), place(`plain-${randomUUID()}`)]);
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { applied: true } });
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { key: 'request replayed' } });
    expect(outcomes[2]).toMatchObject({ status: 'fulfilled', value: { applied: true } });
    expect(await ordersOf(app.db, bot.id)).toBe(orders + 2);
    const rows = await app.db.query<{ attempt: string }>('select attempt from api_request_nonces where signature = $1', ['copied-in-one-batch']);
    expect(rows).toEqual([{ attempt: admission.attempt }]);
  });

  it('answers a gateway’s resend of the same command (same attempt) by its key, as a duplicate', async () => {
    const admission = await admissionOf('sent-twice');
    const key = `resent-${randomUUID()}`;
    expect(await place(key, admission)).toMatchObject({ applied: true });
    expect(await place(key, admission)).toEqual({ applied: false, duplicate: true });
    // a copy of the request, checked anew (another attempt), is refused though its key is the same (a client order id's)
    await expect(place(key, { ...admission, attempt: randomUUID() })).rejects.toMatchObject({ key: 'request replayed' });
  });

  it('refuses an admission past its expiry, and a deleted key’s orders once its last live reading is a second old, though the gateway cached the key', async () => {
    const orders = await ordersOf(app.db, bot.id);
    await expect(place(`late-${randomUUID()}`, { ...(await admissionOf('too-late')), expiresAt: Date.now() - 1 })).rejects.toMatchObject({ key: 'timestamp outside the receive window' });
    const other = await keyOnlyBot(app, 'deleted-key-bot@example.com');
    expect((await signedCall(app, other.credentials, 'POST', '/api/v1/order', { body: ORDER })).status).toBe(200);
    await app.db.query('update api_keys set deleted_at = now() where key = $1', [other.credentials.key]);
    await new Promise((resolve) => setTimeout(resolve, KEY_LIVE_MS + 100));
    expect(await signedCall(app, other.credentials, 'POST', '/api/v1/order', { body: ORDER })).toMatchObject({ status: 401, body: { message: 'invalid api key' } });
    expect(await ordersOf(app.db, other.id)).toBe(1);
    expect(await ordersOf(app.db, bot.id)).toBe(orders);
  });
});

describeEachDatabase('a signed order replayed after a restart', (kind) => {
  let server: Awaited<ReturnType<typeof createReopenableApp>>;
  beforeAll(async () => {
    server = await createReopenableApp(kind, () => new Date());
  });
  afterAll(() => server.close());

  it('is refused: the core holds the unexpired admissions it finds in the database at start', async () => {
    const app: TestApp = server.app;
    const bot = await keyOnlyBot(app, 'restart-bot@example.com');
    const timestamp = Date.now();
    // the longest window: a restart on a loaded machine may take longer than the default 5 s
    const recvWindow = 60_000;
    expect((await signedCall(app, bot.credentials, 'POST', '/api/v1/order', { body: ORDER, timestamp, recvWindow })).status).toBe(200);
    const restarted = await server.restart();
    const before = await fingerprint(restarted.db);
    expect(await signedCall(restarted, bot.credentials, 'POST', '/api/v1/order', { body: ORDER, timestamp, recvWindow })).toMatchObject({ status: 401, body: { message: 'request replayed' } });
    expect(await fingerprint(restarted.db)).toEqual(before);
    expect(await ordersOf(restarted.db, bot.id)).toBe(1);
    // a new request is admitted as ever
    expect((await signedCall(restarted, bot.credentials, 'POST', '/api/v1/order', { body: ORDER })).status).toBe(200);
  });
});
