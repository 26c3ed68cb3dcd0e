import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { operatorCall, operatorToken } from '../support/accounts';
import { apiClient } from '../support/client';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

describeEachDatabase('operator adjustments and the audit', (kind) => {
  let operator: ReturnType<typeof operatorCall>;
  let userId: number;
  let token: string;
  const { app } = useTestApp(kind);
  beforeAll(async () => {
    operator = operatorCall(app, await operatorToken(app));
    const api = apiClient(app);
    token = await api.login('demo@tessera.example', 'demo1234');
    userId = (await api.get<{ id: number }>('user/info', {}, { token })).body.message.id;
  });

  it('credits and debits through the core, exactly, and records who did it', async () => {
    const credited = await operator('POST', `/users/${userId}/credit`, { currency_id: 3, wallet: 'change', amount: '1000.123456789', reason: 'welcome bonus' });
    expect(credited).toEqual({ status: 200, body: { applied: true, available: '1000.123456789', locked: '0' } });
    const debited = await operator('POST', `/users/${userId}/credit`, { currency_id: 3, wallet: 'change', amount: '-0.123456789', reason: 'correction' });
    expect(debited.body).toMatchObject({ available: '1000' });
    const actions = await app.db.query<{ action: string }>(`select action from operator_log where action = 'ledger.adjust'`);
    expect(actions).toHaveLength(2);
    expect((await operator('GET', '/audit')).body).toMatchObject({ ok: true });
  });

  it('applies a repeated idempotency key once', async () => {
    const body = { currency_id: 1, wallet: 'legal', amount: '0.5', reason: 'deposit fix', idempotency_key: 'ticket-4711' };
    expect((await operator('POST', `/users/${userId}/credit`, body)).body).toMatchObject({ applied: true, available: '0.5' });
    expect((await operator('POST', `/users/${userId}/credit`, body)).body).toMatchObject({ applied: false, available: '0.5' });
  });

  it('refuses an overdraft, an unknown currency or user, and malformed amounts, changing nothing', async () => {
    const credit = (body: object, user = userId) => operator('POST', `/users/${user}/credit`, body);
    const base = { currency_id: 3, wallet: 'change', reason: 'test' };
    expect(await credit({ ...base, amount: '-1000.000000000000000001' })).toEqual({ status: 409, body: { error: 'insufficient balance' } });
    expect(await credit({ ...base, currency_id: 999, amount: '1' })).toEqual({ status: 404, body: { error: 'currency not found' } });
    expect(await credit({ ...base, amount: '1' }, 999999)).toEqual({ status: 404, body: { error: 'user not found' } });
    for (const amount of ['1e3', 'abc', '0.0000000000000000001', '']) expect((await credit({ ...base, amount })).status).toBe(400);
    expect((await credit({ ...base, amount: '0' })).status).toBe(400);
    expect((await credit({ ...base, wallet: 'savings', amount: '1' })).status).toBe(400);
    expect(app.core.read.balance({ userId, currencyId: 3, wallet: 'change' }).available).toBe(1000n * 10n ** 18n);
  });

  it('pushes update_balance to the owner only', async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.emit('login', userId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pushed = new Promise<unknown>((resolve) => socket.once('update_balance', resolve));
    await operator('POST', `/users/${userId}/credit`, { currency_id: 3, wallet: 'micro', amount: '5', reason: 'push test' });
    expect(await pushed).toEqual({ type: 'update_balance', user_id: userId });
    socket.close();
  });
});
