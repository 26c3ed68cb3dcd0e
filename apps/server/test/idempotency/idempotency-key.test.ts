import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { newCommandKey } from '../../src/core/command-key';
import { operatorToken, registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const USDT = 3;

describeEachDatabase('Idempotency-Key on calls that move money', (kind) => {
  let user: { id: number; token: string };

  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    user = await registerUser(api, `idempotency-${kind}@example.com`);
    await app.core.execute({ kind: 'adjust', key: newCommandKey('adjust'), userId: user.id, currencyId: USDT, wallet: 'change', amount: parseAmount('1000'), reason: 'adjustment', reference: 'test' });
  });

  const balance = async (wallet: string) =>
    parseAmount((await app.db.query<{ available: string }>('select available::text from balances where user_id = $1 and currency_id = $2 and wallet = $3', [user.id, USDT, wallet]))[0]?.available ?? '0');
  const transfer = (number: string, key?: string) =>
    api.post('wallet/change', { number, currency_id: USDT, from_field: 'change', to_field: 'legal' }, { token: user.token, headers: key ? { 'idempotency-key': key } : {} });

  it('answers a retry with the same key the first reply and applies nothing; a different body is refused; no key behaves as before', async () => {
    const before = await balance('legal');
    const first = await transfer('10', 'transfer-1');
    expect(first.body).toEqual({ type: 'ok', message: 'operation ok' });
    const retries = await Promise.all([transfer('10', 'transfer-1'), transfer('10', 'transfer-1')]);
    for (const retry of retries) expect(retry.body).toEqual(first.body);
    expect(retries[0]?.headers['idempotent-replayed']).toBe('true');
    expect(await balance('legal')).toBe(before + parseAmount('10'));

    expect((await transfer('11', 'transfer-1')).body).toEqual({ type: 'error', message: 'idempotency key reused' });
    // a refusal by a rule is the key's answer too: the same key never applies later
    expect((await transfer('100000', 'transfer-2')).body).toMatchObject({ type: 'error' });
    expect((await transfer('100000', 'transfer-2')).body).toMatchObject({ type: 'error' });

    // old clients: no key, every call applies
    await transfer('1');
    await transfer('1');
    expect(await balance('legal')).toBe(before + parseAmount('12'));
    // the same key of another caller is another request
    const other = await registerUser(api, `idempotency-other-${kind}@example.com`);
    expect((await api.post('wallet/change', { number: '10', currency_id: USDT, from_field: 'change', to_field: 'legal' }, { token: other.token, headers: { 'idempotency-key': 'transfer-1' } })).body).toMatchObject({ type: 'error', message: 'insufficient balance' });
  });

  it('a first attempt that died before its reply was kept is run again with the same command keys: nothing applies twice', async () => {
    const before = await balance('legal');
    const orderBefore = await app.db.query('select 1 from spot_orders where user_id = $1', [user.id]);
    expect((await transfer('7', 'crashed-1')).body.type).toBe('ok');
    const order = () => api.post('transaction/in', { legal_id: 3, currency_id: 1, price: '1', num: '1', mode: 2 }, { token: user.token, headers: { 'idempotency-key': 'order-1' } });
    expect((await order()).body.type).toBe('ok');
    // as if the process died between the core's batch and keeping the reply
    await app.db.query(`update idempotency_requests set reply = null where caller = $1`, [`user:${user.id}`]);
    await transfer('7', 'crashed-1');
    await order();
    expect(await balance('legal')).toBe(before + parseAmount('7'));
    expect((await app.db.query('select 1 from spot_orders where user_id = $1', [user.id])).length).toBe(orderBefore.length + 1);
    // the core's keys were derived from the caller and the key
    expect((await app.db.query(`select 1 from core_commands where idempotency_key like $1`, [`idem:user:${user.id}:%`])).length).toBeGreaterThan(0);
    expect((await runAudit(app.db)).ok).toBe(true);
  });

  it('the back office: an operator credit sent twice with one key credits once and answers the first reply', async () => {
    const token = await operatorToken(app);
    const credit = () =>
      app.http.inject({
        method: 'POST',
        url: `/admin/api/users/${user.id}/credit`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'operator-credit-1' },
        payload: { currency_id: USDT, wallet: 'micro', amount: '5', reason: 'idempotency test' },
      });
    const before = await balance('micro');
    const first = await credit();
    const second = await credit();
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await balance('micro')).toBe(before + (first.statusCode < 300 ? parseAmount('5') : 0n));
    // the same key and body for another user (another path) is another call: refused, not answered the first reply
    const other = await app.http.inject({
      method: 'POST',
      url: `/admin/api/users/${user.id + 1}/credit`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'operator-credit-1' },
      payload: { currency_id: USDT, wallet: 'micro', amount: '5', reason: 'idempotency test' },
    });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key', async () => {
    expect((await transfer('1', 'x'.repeat(129))).body).toEqual({ type: 'error', message: 'parameter error' });
  });
});
