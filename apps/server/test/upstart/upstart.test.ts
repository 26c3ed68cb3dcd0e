import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { apiClient } from '../support/client';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { createReopenableApp } from '../support/reopenable-app';
import { describeEachDatabase, type TestApp } from '../support/test-app';

const USDT = 3;
const TSR = 12;
const HOUR = 3_600_000;

interface Info {
  id: number;
  total: string;
  sy: string;
  issued: string;
  price: string;
  buymoney: string;
  c_name: string;
  iepn_scz: number;
  step: number;
  can_subscribe: boolean;
  start_time2: string;
  end_time2: string;
  detail: { balance: string };
}
interface Record {
  id: number;
  currency_name: string;
  price: string;
  amount: string;
  paid: string;
  status: number;
  created_at: string;
  endtime_at: string;
}

describeEachDatabase('token subscription (UpStart)', (kind) => {
  const time = manualClock(new Date());
  let server: Awaited<ReturnType<typeof createReopenableApp>>;
  let user: { token: string; id: number };
  let stranger: { token: string; id: number };
  let projectId: number;
  let houseId: number;
  const app = (): TestApp => server.app;
  const api = () => apiClient(app());
  const balance = (userId: number, currencyId: number) => app().core.read.balance({ userId, currencyId, wallet: 'change' });
  const fund = (userId: number, amount: string) =>
    app().core.execute({ kind: 'adjust', key: `fund:${userId}:${Math.random()}`, userId, currencyId: USDT, wallet: 'change', amount: parseAmount(amount), reason: 'deposit', reference: 'test' });
  const operator = async () => operatorCall(app(), await operatorToken(app()));
  const project = (fields: object = {}) => ({
    title: 'TSR round 2',
    abstract: 'a test round',
    content: '<p>details</p>',
    currency_id: TSR,
    total: '1000',
    price: '0.8',
    stage: 2,
    start_at: new Date(time.clock().getTime() - HOUR).toISOString(),
    end_at: new Date(time.clock().getTime() + 24 * HOUR).toISOString(),
    frozen_hours: 2,
    ...fields,
  });
  const order = (fields: { [key: string]: string | number }, token = user.token, lang?: string) =>
    api().post<string>('user/up_order', { buymoney: 'USDT', id: projectId, ...fields }, { token, ...(lang ? { lang } : {}) });
  const records = async (token = user.token) => (await api().post<{ data: Record[]; total: number }>('user/uplists', { limit: 500, page: 1 }, { token })).body.message;

  beforeAll(async () => {
    server = await createReopenableApp(kind, time.clock);
    user = await registerUser(api(), 'subscriber@example.com');
    stranger = await registerUser(api(), 'stranger@example.com');
    await fund(user.id, '1000');
    const [house] = await app().db.query<{ id: number }>(`select id from users where kind = 'house'`);
    houseId = house!.id;
  });
  afterAll(async () => server.close());

  it('offers the platform token in its subscribing stage on a fresh demo install', async () => {
    const reply = await api().get<Info>('user/upstart', {}, { token: user.token });
    expect(reply.body.type).toBe('ok');
    expect(reply.body.message).toMatchObject({ c_name: 'TSR', buymoney: 'USDT', step: 2, can_subscribe: true, total: '10000000', sy: '10000000', price: '0.8', iepn_scz: 72 });
    expect(reply.body.message.detail.balance).toBe('1000.00000000');
    const price = await api().post<{ price: string }>('bi/price');
    expect(price.body).toEqual({ type: 'ok', message: { price: '0.8', currency_name: 'TSR', buymoney: 'USDT' } });
  });

  it('lets operators publish a project, and refuses a project naming no currency', async () => {
    const call = await operator();
    const created = await call('POST', '/upstart/projects', project());
    expect(created.status).toBe(200);
    projectId = created.body.id as number;
    const missing = await call('POST', '/upstart/projects', project({ currency_id: 999 }));
    expect(missing).toEqual({ status: 404, body: { error: 'currency not found' } });
    const badTimes = await call('POST', '/upstart/projects', project({ end_at: new Date(0).toISOString() }));
    expect(badTimes.status).toBe(400);
    const listed = await call('GET', '/upstart/projects');
    expect((listed.body.list as { id: number }[]).map((item) => item.id)).toContain(projectId);
    // the back office edits a project from this list: it carries the texts a save sends back
    expect((listed.body.list as { id: number }[]).find((item) => item.id === projectId)).toMatchObject({ abstract: 'a test round', content: '<p>details</p>' });
    // an edit is logged with the project as it was and as it became
    expect((await call('PUT', `/upstart/projects/${projectId}`, project({ abstract: 'an edited round' }))).status).toBe(200);
    const [logged] = await app().db.query<{ target: string; before: { abstract: string }; after: { abstract: string } }>(
      `select target, before, after from operator_log where action = 'upstart.project.update' order by id desc limit 1`,
    );
    expect(logged).toMatchObject({ target: `project:${projectId}`, before: { abstract: 'a test round' }, after: { abstract: 'an edited round' } });
    expect((await call('PUT', `/upstart/projects/${projectId}`, project())).status).toBe(200);
  });

  it('pays USDT to the platform and locks the tokens for the frozen hours', async () => {
    const reply = await order({ amount: '200' });
    expect(reply.body).toEqual({ type: 'ok', message: 'subscription success' });
    expect(balance(user.id, USDT)).toEqual({ available: parseAmount('800'), locked: 0n });
    expect(balance(user.id, TSR)).toEqual({ available: 0n, locked: parseAmount('250') });
    expect(balance(houseId, USDT).available).toBe(parseAmount('200'));
    const [row] = (await records()).data;
    expect(row).toMatchObject({ currency_name: 'TSR', paid: '200', price: '0.8', amount: '250', status: 1 });
    expect(new Date(`${row!.endtime_at}Z`).getTime() - new Date(`${row!.created_at}Z`).getTime()).toBe(2 * HOUR);
    const info = await api().get<Info>('user/upstart', { id: projectId }, { token: user.token });
    expect(info.body.message).toMatchObject({ total: '1000', issued: '250', sy: '750' });
    expect((await runAudit(app().db)).ok).toBe(true);
  });

  it('refuses bad subscriptions with a translated message, and changes nothing', async () => {
    const before = { usdt: balance(user.id, USDT), tsr: balance(user.id, TSR), rows: (await records()).total };
    const refusals: [{ [key: string]: string | number }, string][] = [
      [{ amount: '' }, 'enter the subscription quantity'],
      [{ amount: '0' }, 'enter the subscription quantity'],
      [{ amount: 'abc' }, 'abnormal quantity'],
      [{ amount: '150' }, 'the subscription quantity must be an integer multiple of 100'],
      [{ amount: '100.5' }, 'the subscription quantity must be an integer multiple of 100'],
      [{ amount: '100', buymoney: 'BTC' }, 'only USDT can be used to subscribe'],
      // 700 remain: 600 USDT buys 750 tokens, 700 USDT would buy 875
      [{ amount: '700' }, 'subscription quantity exceeds the remainder'],
      [{ amount: '100', id: 9999 }, 'project not found'],
    ];
    for (const [fields, message] of refusals) {
      expect((await order(fields)).body, message).toEqual({ type: 'error', message });
    }
    // the stranger holds no USDT
    expect((await order({ amount: '100' }, stranger.token)).body).toEqual({ type: 'error', message: 'insufficient USDT balance' });
    expect((await order({ amount: '150' }, user.token, 'zh')).body).toEqual({ type: 'error', message: '认购数量必须为 100 的整数倍' });
    expect((await order({ amount: '100' }, stranger.token, 'spa')).body).toEqual({ type: 'error', message: 'Saldo de USDT insuficiente' });
    expect(balance(stranger.id, TSR)).toEqual({ available: 0n, locked: 0n });
    expect((await api().post('user/up_order', { amount: '100' })).body.type).toBe('999');
    expect({ usdt: balance(user.id, USDT), tsr: balance(user.id, TSR), rows: (await records()).total }).toEqual(before);
  });

  it('refuses a project outside its subscribing stage or time', async () => {
    const call = await operator();
    const preheat = await call('POST', '/upstart/projects', project({ stage: 1 }));
    expect((await order({ amount: '100', id: preheat.body.id as number })).body).toEqual({ type: 'error', message: 'subscription is not open' });
    const later = await call('POST', '/upstart/projects', project({ start_at: new Date(time.clock().getTime() + HOUR).toISOString() }));
    expect((await order({ amount: '100', id: later.body.id as number })).body).toEqual({ type: 'error', message: 'subscription is not open' });
  });

  it('refuses to unlock before the frozen hours pass, and a stranger’s subscription', async () => {
    const [row] = (await records()).data;
    expect((await api().post('user/unlock', { id: row!.id }, { token: user.token })).body).toEqual({ type: 'error', message: 'not yet unlockable' });
    expect((await api().post('user/unlock', { id: row!.id }, { token: stranger.token })).body).toEqual({ type: 'error', message: 'order not found' });
    expect((await api().post('user/unlock', { id: 'x' }, { token: user.token })).body.type).toBe('error');
    expect(balance(user.id, TSR)).toEqual({ available: 0n, locked: parseAmount('250') });
  });

  it('becomes unlockable at its unlock time through a core deadline, across a restart, and unlocks once', async () => {
    await server.restart();
    time.advanceMinutes(121);
    await server.restart();
    const [row] = (await records()).data;
    expect(row!.status).toBe(2);
    const unlocked = await api().post('user/unlock', { id: row!.id }, { token: user.token });
    expect(unlocked.body).toEqual({ type: 'ok', message: 'unlock success' });
    expect(balance(user.id, TSR)).toEqual({ available: parseAmount('250'), locked: 0n });
    expect((await records()).data[0]!.status).toBe(3);
    expect((await api().post('user/unlock', { id: row!.id }, { token: user.token })).body).toEqual({ type: 'error', message: 'order already handled' });
    expect(balance(user.id, TSR)).toEqual({ available: parseAmount('250'), locked: 0n });
    expect((await runAudit(app().db)).ok).toBe(true);
  });

  it('the audit recomputes every subscription’s tokens from what was paid and the price', async () => {
    expect((await runAudit(app().db)).ok).toBe(true);
    const [row] = (await records()).data;
    await app().db.query('update upstart_subscriptions set amount = amount + 1 where id = $1', [row!.id]);
    const report = await runAudit(app().db);
    expect(report.settlementMismatches).toEqual([expect.objectContaining({ table_name: 'upstart_subscriptions', id: String(row!.id), field: expect.stringContaining('is not paid') })]);
    await app().db.query('update upstart_subscriptions set amount = amount - 1 where id = $1', [row!.id]);
  });

  it('fires the unlock deadline in a running server', async () => {
    await fund(user.id, '100');
    expect((await order({ amount: '100' })).body.type).toBe('ok');
    time.advanceMinutes(121);
    await app().core.runDueDeadlines();
    expect((await records()).data[0]).toMatchObject({ status: 2, amount: '125' });
  });
});
