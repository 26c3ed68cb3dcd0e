import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { apiClient } from '../support/client';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { manualClock } from '../support/clock';
import { createReopenableApp } from '../support/reopenable-app';
import { describeEachDatabase, type TestApp } from '../support/test-app';

const USDT = 3;

interface Acceptor {
  id: number;
  name: string;
  ways: string[];
  user_balance: string;
  recharge_rate: string;
  cash_rate: string;
  recharge_amount: string;
  cash_amount: string;
  wechat_account: string;
}
interface Deal {
  id: number;
  type: string;
  is_sure: number;
  money: string;
  fee: string;
  coins: string;
  way: string;
  way_name: string;
  acceptor_name: string;
  hes_account: string;
  deal_account: string;
  create_time: string;
  update_time: string;
  auto_confirm_time: string;
  disputed: boolean;
  ruling: string;
}

describeEachDatabase('acceptor deals', (kind) => {
  const time = manualClock(new Date());
  let server: Awaited<ReturnType<typeof createReopenableApp>>;
  let user: { token: string; id: number };
  let acceptor: { token: string; id: number };
  let stranger: { token: string; id: number };
  const app = (): TestApp => server.app;
  const api = () => apiClient(app());
  const usdt = (userId: number) => app().core.read.balance({ userId, currencyId: USDT, wallet: 'change' });
  const fund = (userId: number, amount: string) =>
    app().core.execute({ kind: 'adjust', key: `fund:${userId}:${Math.random()}`, userId, currencyId: USDT, wallet: 'change', amount: parseAmount(amount), reason: 'deposit', reference: 'test' });
  const open = (fields: { [key: string]: string | number }, token = user.token, lang?: string) =>
    api().post<string>('acceptor/deal', { acceptor_id: acceptor.id, way: 'we_chat', type: 'buy', mobile: '13800138000', deal_account: 'wx_user', money: '100', ...fields }, { token, ...(lang ? { lang } : {}) });
  const mine = async (token = user.token) => (await api().get<{ list: Deal[] }>('acceptor/my_deal', {}, { token })).body.message.list;
  const incoming = async () => (await api().get<{ list: Deal[] }>('acceptor/orders', {}, { token: acceptor.token })).body.message.list;
  const step = (path: string, id: number, token = acceptor.token) => api().post<string>(path, { id }, { token });
  const amounts = (userId: number) => {
    const balance = usdt(userId);
    return { available: balance.available, locked: balance.locked };
  };

  beforeAll(async () => {
    server = await createReopenableApp(kind, time.clock);
    user = await registerUser(api(), 'deal-user@example.com');
    acceptor = await registerUser(api(), 'acceptor@example.com');
    stranger = await registerUser(api(), 'deal-stranger@example.com');
    const call = operatorCall(app(), await operatorToken(app()));
    const appointed = await call('PUT', `/users/${acceptor.id}/acceptor`, {
      name: 'Fast Pay',
      wechat_nickname: 'FastPay',
      wechat_account: 'fastpay_wx',
      bank_name: 'Test Bank',
      bank_account: '6222000000000002',
      recharge_rate: '1',
      cash_rate: '2',
      recharge_amount: '500',
      cash_amount: '0',
    });
    expect(appointed).toEqual({ status: 200, body: { ok: true } });
    expect((await call('PUT', '/users/999999/acceptor', { name: 'nobody' })).status).toBe(404);
    // the operator list carries what an edit sends back: the currency and whether the acceptor is active
    const listed = (await call('GET', '/acceptors')).body.list as { id: number }[];
    expect(listed.find((item) => item.id === acceptor.id)).toMatchObject({ name: 'Fast Pay', currency_id: 3, active: true, bank_account: '6222000000000002' });
    await fund(acceptor.id, '1000');
    await fund(user.id, '500');
  });
  afterAll(async () => server.close());

  it('lists the acceptors with their accounts, rates, limits and available coins (the demo one too)', async () => {
    const list = (await api().get<Acceptor[]>('acceptor/list', {}, { token: user.token })).body.message;
    expect(list.map((item) => item.name)).toEqual(['Tessera demo acceptor', 'Fast Pay']);
    const info = await api().get<Acceptor>('acceptor/info', { id: acceptor.id }, { token: user.token });
    expect(info.body.message).toMatchObject({ id: acceptor.id, name: 'Fast Pay', ways: ['we_chat', 'bank'], user_balance: '1000', recharge_rate: '1', cash_rate: '2', recharge_amount: '500', cash_amount: '0' });
    expect((await api().get('acceptor/info', { id: user.id }, { token: user.token })).body).toEqual({ type: 'error', message: 'acceptor not found' });
    expect((await api().get('acceptor/list')).body.type).toBe('999');
  });

  it('a deposit deal reserves the acceptor’s coins; the acceptor’s confirmation moves them to the user, less the fee', async () => {
    expect((await open({ money: '100' })).body).toEqual({ type: 'ok', message: 'deal submitted' });
    expect(amounts(acceptor.id)).toEqual({ available: parseAmount('901'), locked: parseAmount('99') });
    const [deal] = await incoming();
    expect(deal).toMatchObject({ type: 'buy', is_sure: 0, money: '100', fee: '1', coins: '99', way: 'we_chat', way_name: 'WeChat', hes_account: 'fastpay_wx', deal_account: 'wx_user' });
    expect((await step('acceptor/confirm', deal!.id)).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect(amounts(user.id)).toEqual({ available: parseAmount('599'), locked: 0n });
    expect(amounts(acceptor.id)).toEqual({ available: parseAmount('901'), locked: 0n });
    expect((await mine())[0]).toMatchObject({ id: deal!.id, is_sure: 1, acceptor_name: 'Fast Pay' });
    expect((await step('acceptor/confirm', deal!.id)).body).toEqual({ type: 'error', message: 'order already handled' });
    expect(amounts(user.id).available).toBe(parseAmount('599'));
  });

  it('a rejected deposit deal returns the reserved coins to the acceptor', async () => {
    await open({ money: '50' });
    const [deal] = await incoming();
    expect(amounts(acceptor.id).locked).toBe(parseAmount('49.5'));
    expect((await step('acceptor/reject', deal!.id)).body.type).toBe('ok');
    expect(amounts(acceptor.id)).toEqual({ available: parseAmount('901'), locked: 0n });
    expect((await mine())[0]).toMatchObject({ is_sure: 2 });
  });

  it('a withdraw deal freezes the user’s coins; paid, then confirmed by the user, they go to the acceptor', async () => {
    await open({ type: 'sell', money: '50', way: 'bank', deal_account: '6222 1111' });
    expect(amounts(user.id)).toEqual({ available: parseAmount('549'), locked: parseAmount('50') });
    const [deal] = await incoming();
    expect(deal).toMatchObject({ type: 'sell', fee: '1', coins: '50', hes_account: '6222000000000002' });
    // only the acceptor marks it paid, and a sell is not the acceptor's to confirm
    expect((await step('acceptor/confirm', deal!.id)).body).toEqual({ type: 'error', message: 'order already handled' });
    expect((await step('acceptor/user_confirm', deal!.id, user.token)).body).toEqual({ type: 'error', message: 'order already handled' });
    expect((await step('acceptor/paid', deal!.id)).body.type).toBe('ok');
    const paid = (await mine())[0]!;
    expect(paid.is_sure).toBe(3);
    expect(new Date(`${paid.auto_confirm_time}Z`).getTime() - new Date(`${paid.update_time}Z`).getTime()).toBe(20 * 60_000);
    expect((await step('acceptor/user_confirm', deal!.id, stranger.token)).body).toEqual({ type: 'error', message: 'order not found' });
    expect((await step('acceptor/user_confirm', deal!.id, user.token)).body.type).toBe('ok');
    expect(amounts(user.id)).toEqual({ available: parseAmount('549'), locked: 0n });
    expect(amounts(acceptor.id).available).toBe(parseAmount('951'));
    expect((await runAudit(app().db)).ok).toBe(true);
  });

  it('a paid withdraw deal confirms itself 20 minutes later through a core deadline, across a restart', async () => {
    await open({ type: 'sell', money: '20' });
    const [deal] = await incoming();
    await step('acceptor/paid', deal!.id);
    await server.restart();
    time.advanceMinutes(19);
    await server.restart();
    expect((await mine())[0]!.is_sure).toBe(3);
    time.advanceMinutes(2);
    await server.restart();
    expect((await mine())[0]!.is_sure).toBe(1);
    expect(amounts(user.id)).toEqual({ available: parseAmount('529'), locked: 0n });
    expect(amounts(acceptor.id).available).toBe(parseAmount('971'));
    // the user's late confirmation changes nothing
    expect((await step('acceptor/user_confirm', deal!.id, user.token)).body).toEqual({ type: 'error', message: 'order already handled' });
    expect((await runAudit(app().db)).ok).toBe(true);
  });

  it('confirms a paid withdraw deal in a running server when the deadline comes', async () => {
    await open({ type: 'sell', money: '10' });
    const [deal] = await incoming();
    await step('acceptor/paid', deal!.id);
    time.advanceMinutes(21);
    await app().core.runDueDeadlines();
    expect((await mine())[0]!.is_sure).toBe(1);
    expect(amounts(user.id)).toEqual({ available: parseAmount('519'), locked: 0n });
  });

  it('refuses bad deals and strangers with a translated message, and changes nothing', async () => {
    const before = { user: amounts(user.id), acceptor: amounts(acceptor.id), deals: (await mine()).length };
    const refusals: [{ [key: string]: string | number }, string, string?][] = [
      [{ mobile: '' }, 'enter the mobile number'],
      [{ mobile: 'abc' }, 'the e-mail or phone number does not match the rules'],
      [{ deal_account: '' }, 'enter the payment account'],
      [{ money: '' }, 'enter amount'],
      [{ money: '-5' }, 'amount must be greater than zero'],
      [{ money: '0' }, 'amount must be greater than zero'],
      [{ money: '1.0000001' }, 'parameter error'],
      [{ way: '' }, 'choose payment method'],
      [{ way: 'paypal' }, 'choose payment method'],
      [{ way: 'ali_pay' }, 'this acceptor does not take this payment method'],
      [{ type: 'swap' }, 'parameter error'],
      [{ acceptor_id: 999999 }, 'acceptor not found'],
      [{ money: '501' }, 'amount above the acceptor limit'],
      [{ type: 'sell', money: '100000' }, 'insufficient balance'],
    ];
    for (const [fields, message] of refusals) expect((await open(fields)).body, JSON.stringify(fields)).toEqual({ type: 'error', message });
    expect((await open({}, acceptor.token)).body).toEqual({ type: 'error', message: 'you cannot deal with yourself' });
    expect((await open({ money: '100' }, user.token, 'kr')).body).toEqual({ type: 'ok', message: '거래가 제출되었습니다. 인수자를 기다리는 중입니다' });
    await open({ money: '100' });
    await open({ money: '100' });
    expect((await open({ money: '100' }, user.token, 'kr')).body).toEqual({ type: 'error', message: '미완료 거래가 너무 많습니다' });
    const opened = (await incoming()).slice(0, 3);
    // strangers: another user may neither handle nor see the acceptor's deals
    expect((await api().get('acceptor/orders', {}, { token: stranger.token })).body).toEqual({ type: 'error', message: 'you are not an acceptor' });
    expect((await step('acceptor/confirm', opened[0]!.id, stranger.token)).body).toEqual({ type: 'error', message: 'order not found' });
    expect((await step('acceptor/paid', opened[0]!.id)).body).toEqual({ type: 'error', message: 'order already handled' });
    for (const deal of opened) await step('acceptor/reject', deal.id);
    expect({ user: amounts(user.id), acceptor: amounts(acceptor.id), deals: (await mine()).length - 3 }).toEqual(before);
  });

  it('refuses a deposit deal the acceptor cannot cover', async () => {
    const call = operatorCall(app(), await operatorToken(app()));
    await call('PUT', `/users/${acceptor.id}/acceptor`, { name: 'Fast Pay', wechat_account: 'fastpay_wx', recharge_amount: '0' });
    // the operator log keeps the acceptor as it was and as it became
    const [logged] = await app().db.query<{ target: string; before: { recharge_amount: string } | null; after: { recharge_amount: string } }>(
      `select target, before, after from operator_log where action = 'acceptor.appoint' order by id desc limit 1`,
    );
    expect(logged?.target).toBe(`user:${acceptor.id}`);
    expect(Number(logged?.before?.recharge_amount)).toBeGreaterThan(0);
    expect(Number(logged?.after.recharge_amount)).toBe(0);
    expect((await open({ money: '5000' })).body).toEqual({ type: 'error', message: 'the acceptor has insufficient balance' });
    expect(amounts(acceptor.id).locked).toBe(0n);
    expect((await runAudit(app().db)).ok).toBe(true);
  });

  it('the audit recomputes every deal’s fee from its money and rate', async () => {
    const [deal] = await mine();
    await app().db.query('update acceptor_deals set fee = fee + 0.000001 where id = $1', [deal!.id]);
    expect((await runAudit(app().db)).settlementMismatches).toEqual([expect.objectContaining({ table_name: 'acceptor_deals', id: String(deal!.id), field: expect.stringContaining('is not money') })]);
    await app().db.query('update acceptor_deals set fee = fee - 0.000001 where id = $1', [deal!.id]);
    expect((await runAudit(app().db)).ok).toBe(true);
  });

  it('lets the user dispute a "paid" within the window: the deal waits for an operator, who releases or returns the coins, logged', async () => {
    // disputed, then returned to the user: the acceptor did not pay
    await open({ type: 'sell', money: '10' });
    const [unpaid] = await incoming();
    await step('acceptor/paid', unpaid!.id);
    expect((await mine())[0]).toMatchObject({ is_sure: 3, disputed: false, ruling: '', auto_confirm_time: expect.stringMatching(/\d/) });
    const before = { user: amounts(user.id), acceptor: amounts(acceptor.id) };
    expect((await step('acceptor/object', unpaid!.id, stranger.token)).body).toEqual({ type: 'error', message: 'order not found' });
    expect((await step('acceptor/object', unpaid!.id, user.token)).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await step('acceptor/object', unpaid!.id, user.token)).body).toEqual({ type: 'error', message: 'order already appealed' });
    // both sides see the deal disputed: still is_sure 3, no longer confirming itself
    expect((await mine())[0]).toMatchObject({ id: unpaid!.id, is_sure: 3, disputed: true, ruling: '', auto_confirm_time: '' });
    expect((await incoming())[0]).toMatchObject({ id: unpaid!.id, is_sure: 3, disputed: true });
    // the window passes: nothing confirms itself, across a restart too
    time.advanceMinutes(25);
    await app().core.runDueDeadlines();
    await server.restart();
    await app().core.runDueDeadlines();
    expect((await mine())[0]!.is_sure).toBe(3);
    expect(amounts(user.id)).toEqual(before.user);
    const operator = operatorCall(app(), await operatorToken(app()));
    const disputes = await operator('GET', '/acceptors/disputes');
    expect((disputes.body.list as { id: number }[]).map((row) => row.id)).toEqual([unpaid!.id]);
    expect(((await operator('GET', '/dashboard')).body.queues as Record<string, number>).acceptor_disputes).toBe(1);
    expect(await operator('POST', `/acceptors/deals/${unpaid!.id}/rule`, { outcome: 'return', note: 'no transfer on the statement' })).toEqual({ status: 200, body: { ok: true } });
    expect(await operator('POST', `/acceptors/deals/${unpaid!.id}/rule`, { outcome: 'release' })).toEqual({ status: 409, body: { error: 'order already handled' } });
    expect((await mine())[0]).toMatchObject({ is_sure: 2, disputed: false, ruling: 'return' });
    expect(((await operator('GET', '/dashboard')).body.queues as Record<string, number>).acceptor_disputes).toBe(0);
    expect(amounts(user.id)).toEqual({ available: before.user.available + before.user.locked, locked: 0n });
    expect(amounts(acceptor.id)).toEqual(before.acceptor);
    const [logged] = await app().db.query<{ before: { is_sure: number }; after: { is_sure: number; ruling: string; note: string } }>(
      `select before, after from operator_log where target = $1 order by id desc limit 1`,
      [`acceptor_deal:${unpaid!.id}`],
    );
    expect(logged).toMatchObject({ before: { is_sure: 3 }, after: { is_sure: 2, ruling: 'return', note: 'no transfer on the statement' } });

    // disputed, then released to the acceptor: the operator saw the payment
    await open({ type: 'sell', money: '5' });
    const [paid] = await incoming();
    await step('acceptor/paid', paid!.id);
    const acceptorBefore = amounts(acceptor.id).available;
    expect((await step('acceptor/object', paid!.id, user.token)).body.type).toBe('ok');
    expect((await operator('POST', `/acceptors/deals/${paid!.id}/rule`, { outcome: 'release' })).status).toBe(200);
    expect(amounts(acceptor.id).available).toBe(acceptorBefore + parseAmount('5'));
    expect((await mine())[0]).toMatchObject({ id: paid!.id, is_sure: 1, disputed: false, ruling: 'release' });

    // too late: 20 minutes after "paid" the deal confirms itself and cannot be disputed
    await open({ type: 'sell', money: '1' });
    const [late] = await incoming();
    await step('acceptor/paid', late!.id);
    time.advanceMinutes(21);
    expect((await step('acceptor/object', late!.id, user.token)).body).toEqual({ type: 'error', message: 'order already handled' });
    await app().core.runDueDeadlines();
    expect((await runAudit(app().db)).ok).toBe(true);
  });
});
