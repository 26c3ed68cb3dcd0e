import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { newCommandKey } from '../../src/core/command-key';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { createReopenableApp } from '../support/reopenable-app';
import { describeEachDatabase, type TestApp } from '../support/test-app';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDT = 3;
const ETH = 2;

describeEachDatabase('withdrawal limits by identity level, in USDT value', (kind) => {
  const time = manualClock();
  let server: Awaited<ReturnType<typeof createReopenableApp>>;
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let operator: ReturnType<typeof operatorCall>;
  let user: { token: string; id: number };
  let verified: { token: string; id: number };
  const fund = (userId: number, currencyId: number, amount: string) =>
    app.core.execute({ kind: 'adjust', key: newCommandKey('fund'), userId, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'deposit', reference: 'test' });
  const withdraw = async (who: { token: string }, currency: number, number: string) =>
    (await api.post('wallet/out', { currency, number, address: currency === USDT ? TRON_ADDRESS : ETH_ADDRESS, pay_password: '123456' }, { token: who.token })).body;
  const open = async (next: TestApp) => {
    app = next;
    api = apiClient(app);
    operator = operatorCall(app, await operatorToken(app));
  };
  /** The next Shanghai day; the operator logs in again (an operator session lasts a working day). */
  const nextDay = async () => {
    time.advanceSeconds(86_400);
    await open(app);
  };

  beforeAll(async () => {
    server = await createReopenableApp(kind, time.clock);
    await open(server.app);
    for (const account of ['limited@example.com', 'verified@example.com']) {
      const registered = await registerUser(api, account);
      await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: registered.token });
      await fund(registered.id, USDT, '100000');
      await fund(registered.id, ETH, '10');
      if (account.startsWith('limited')) user = registered;
      else verified = registered;
    }
    await app.db.query('update users set review_status = 2 where id = $1', [verified.id]);
  });
  afterAll(async () => {
    expect((await runAudit(app.db)).ok).toBe(true);
    await server.close();
  });

  it('limits nobody until operators set the limits, as before', async () => {
    expect(await operator('GET', '/settings/withdrawal-limits')).toEqual({ status: 200, body: { unverified: '0', verified: '0' } });
    expect((await withdraw(user, USDT, '20000')).type).toBe('ok');
    await nextDay();
  });

  it('takes the limits from operators, logged, and shows the caller theirs', async () => {
    expect((await operator('PUT', '/settings/withdrawal-limits', { unverified: '500', verified: '5000' })).body).toEqual({ unverified: '500', verified: '5000' });
    expect((await operator('PUT', '/settings/withdrawal-limits', { unverified: '-1', verified: '5000' })).status).toBe(400);
    const log = await operator('GET', '/operator-log?action=settings.withdrawal_level_limits');
    expect(log.body.list).toMatchObject([{ before: { unverified: '0', verified: '0' }, after: { unverified: '500', verified: '5000' } }]);
    const info = await api.post<{ level_day_limit_usdt: string; level_day_used_usdt: string }>('wallet/get_info', { currency: USDT }, { token: user.token });
    expect(info.body.message).toMatchObject({ level_day_limit_usdt: '500', level_day_used_usdt: '0' });
    const theirs = await api.post<{ level_day_limit_usdt: string }>('wallet/get_info', { currency: USDT }, { token: verified.token });
    expect(theirs.body.message.level_day_limit_usdt).toBe('5000');
  });

  it('counts every currency at its USDT value: a currency without a USDT price cannot be valued, so it waits for one', async () => {
    expect((await withdraw(user, USDT, '300')).type).toBe('ok');
    expect(await withdraw(user, ETH, '0.2')).toEqual({ type: 'error', message: 'no market price' });
    // a trade on ETH/USDT gives ETH its price: 0.2 ETH at 1000 is 200 USDT
    const [pair] = await app.db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [ETH, USDT]);
    const pairId = pair?.id ?? 0;
    await app.core.execute({ kind: 'spot_place', key: newCommandKey('sell'), userId: verified.id, pairId, side: 'sell', type: 'limit', price: parseAmount('1000'), quantity: parseAmount('0.5') });
    await app.core.execute({ kind: 'spot_place', key: newCommandKey('buy'), userId: user.id, pairId, side: 'buy', type: 'limit', price: parseAmount('1000'), quantity: parseAmount('0.5') });
    expect((await withdraw(user, ETH, '0.2')).type).toBe('ok');
    const [row] = await app.db.query<{ usdt_value: string }>('select usdt_value::text from withdrawals where user_id = $1 and currency_id = $2', [user.id, ETH]);
    expect(parseAmount(row?.usdt_value ?? '')).toBe(parseAmount('200'));
  });

  it('refuses what would pass the level’s limit, moving nothing; the verified level has its own', async () => {
    const before = app.core.read.balance({ userId: user.id, currencyId: USDT, wallet: 'change' });
    expect(await withdraw(user, USDT, '10.000001')).toEqual({ type: 'error', message: 'daily limit of your identity level reached' });
    expect(app.core.read.balance({ userId: user.id, currencyId: USDT, wallet: 'change' })).toEqual(before);
    expect((await withdraw(verified, USDT, '4000')).type).toBe('ok');
    expect(await withdraw(verified, USDT, '1000.5')).toEqual({ type: 'error', message: 'daily limit of your identity level reached' });
  });

  it('frees what a rejected withdrawal had counted', async () => {
    const [applied] = await app.db.query<{ id: string }>(`select id::text from withdrawals where user_id = $1 and currency_id = $2 and amount = 300 and status = 'applying'`, [user.id, USDT]);
    expect((await operator('POST', `/withdrawals/${applied?.id}/reject`, { reason: 'test' })).status).toBe(200);
    const info = await api.post<{ level_day_used_usdt: string }>('wallet/get_info', { currency: USDT }, { token: user.token });
    expect(info.body.message.level_day_used_usdt).toBe('200');
    expect((await withdraw(user, USDT, '100')).type).toBe('ok');
  });

  it('keeps the day’s total across a restart: the core loads it from the withdrawals', async () => {
    await open(await server.restart());
    expect(await withdraw(user, USDT, '250')).toEqual({ type: 'error', message: 'daily limit of your identity level reached' });
    expect((await withdraw(user, USDT, '200')).type).toBe('ok');
  });

  it('lets two applications sent at once pass the limit only together within it', async () => {
    await nextDay();
    const replies = await Promise.all([withdraw(user, USDT, '300'), withdraw(user, USDT, '300')]);
    expect(replies.filter((reply) => reply.type === 'ok')).toHaveLength(1);
    expect(replies.filter((reply) => reply.message === 'daily limit of your identity level reached')).toHaveLength(1);
  });
});
