import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { newCommandKey } from '../../src/core/command-key';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const USDT = 3;
const TSR = 12;
const HOUR = 3_600_000;

interface Page<T> {
  list: T[];
  page: number;
  pages: number;
  total: number;
}
interface AcceptorItem {
  id: number;
  account: string;
  name: string;
  active: boolean;
  currency_id: number;
}
interface DealItem {
  id: number;
  user_id: number;
  user_account: string;
  acceptor_id: number;
  type: string;
  is_sure: number;
  money: string;
}
interface ProjectItem {
  id: number;
  title: string;
  stage: number;
  total: string;
  sold: string;
}

/** The back office's acceptor, acceptor-deal and UpStart tables: paged and filtered on the server, exported as CSV. */
describeEachDatabase('back office product tables', (kind) => {
  let admin: ReturnType<typeof operatorCall>;
  let token: string;
  const acceptors: { token: string; id: number }[] = [];
  let buyer: { token: string; id: number };
  let seller: { token: string; id: number };
  const projects: number[] = [];

  const page = async <T,>(path: string) => {
    const reply = await admin('GET', path);
    expect(reply.status, path).toBe(200);
    return reply.body as unknown as Page<T>;
  };
  const csv = async (path: string) => {
    const reply = await app.http.inject({ method: 'GET', url: `/admin/api${path}`, headers: { authorization: `Bearer ${token}` } });
    expect(reply.headers['content-type']).toContain('text/csv');
    return reply.body.trim().split('\r\n');
  };
  const appoint = (userId: number, name: string, active = true) =>
    admin('PUT', `/users/${userId}/acceptor`, { name, wechat_account: `${name}-wx`, recharge_rate: '1', cash_rate: '1', active });
  const deal = (user: { token: string }, acceptorId: number, type: 'buy' | 'sell', money: string) =>
    api.post<string>('acceptor/deal', { acceptor_id: acceptorId, way: 'we_chat', type, mobile: '13800138000', deal_account: 'wx', money }, { token: user.token });

  const { app, api } = useTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  beforeAll(async () => {
    token = await operatorToken(app);
    admin = operatorCall(app, token);
    for (const [index, name] of ['Table Pay One', 'Table Pay Two', 'Table Pay Three'].entries()) {
      const user = await registerUser(api, `table-acceptor-${index}@example.com`);
      acceptors.push(user);
      expect((await appoint(user.id, name, index !== 2)).status).toBe(200);
      await app.core.execute({ kind: 'adjust', key: newCommandKey('fund'), userId: user.id, currencyId: USDT, wallet: 'change', amount: parseAmount('1000'), reason: 'adjustment', reference: 'test' });
    }
    buyer = await registerUser(api, 'table-buyer@example.com');
    seller = await registerUser(api, 'table-seller@example.com');
    await app.core.execute({ kind: 'adjust', key: newCommandKey('fund'), userId: seller.id, currencyId: USDT, wallet: 'change', amount: parseAmount('1000'), reason: 'adjustment', reference: 'test' });
    const [one, two] = acceptors;
    expect((await deal(buyer, one!.id, 'buy', '10')).body.type).toBe('ok');
    expect((await deal(buyer, two!.id, 'buy', '20')).body.type).toBe('ok');
    expect((await deal(seller, one!.id, 'sell', '30')).body.type).toBe('ok');
    // the first deal confirmed: state 1
    const [first] = (await api.get<{ list: { id: number }[] }>('acceptor/orders', {}, { token: one!.token })).body.message.list.slice(-1);
    expect((await api.post('acceptor/confirm', { id: first?.id ?? 0 }, { token: one!.token })).body.type).toBe('ok');

    const now = Date.now();
    for (const [title, stage] of [['Table round alpha', 1], ['Table round beta', 2], ['Table round gamma', 3]] as const) {
      const created = await admin('POST', '/upstart/projects', {
        title,
        currency_id: TSR,
        total: '1000',
        price: '0.5',
        stage,
        start_at: new Date(now - HOUR).toISOString(),
        end_at: new Date(now + HOUR).toISOString(),
        frozen_hours: 1,
      });
      expect(created.status).toBe(200);
      projects.push(created.body.id as number);
    }
  });

  it('pages the acceptors by user id, filters by name, account, user id and state, and exports them', async () => {
    // the demo install's acceptor comes first, then the three appointed here
    const all = await page<AcceptorItem>('/acceptors?limit=2');
    expect(all).toMatchObject({ page: 1, pages: 2, total: 4 });
    expect(all.list).toHaveLength(2);
    const second = await page<AcceptorItem>('/acceptors?limit=2&page=2');
    expect(second.list.map((item) => item.id)).toEqual([acceptors[1]!.id, acceptors[2]!.id]);
    expect(await page('/acceptors?limit=2&page=9')).toMatchObject({ list: [], page: 9, total: 4 });

    expect((await page<AcceptorItem>('/acceptors?q=table%20pay')).total).toBe(3);
    expect((await page<AcceptorItem>('/acceptors?q=table-acceptor-1%40')).list.map((item) => item.name)).toEqual(['Table Pay Two']);
    expect((await page<AcceptorItem>(`/acceptors?q=${acceptors[0]!.id}`)).list).toMatchObject([{ id: acceptors[0]!.id, account: 'table-acceptor-0@example.com', currency_id: USDT, active: true }]);
    // a like wildcard is a plain character: nothing is named "%"
    expect((await page('/acceptors?q=%25')).total).toBe(0);
    expect((await page<AcceptorItem>('/acceptors?state=retired')).list.map((item) => item.name)).toEqual(['Table Pay Three']);
    expect((await page<AcceptorItem>('/acceptors?state=active&q=table')).total).toBe(2);

    const lines = await csv('/acceptors?format=csv&state=active&q=table');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.split(',')).toEqual(expect.arrayContaining(['id', 'account', 'name', 'active']));
  });

  it('pages every acceptor deal, newest first, filtered by acceptor, user, state and type, with the user’s full account', async () => {
    const all = await page<DealItem>('/acceptors/deals?limit=2');
    expect(all).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(all.list.map((item) => item.money)).toEqual(['30', '20']);
    expect(all.list[0]).toMatchObject({ user_id: seller.id, user_account: 'table-seller@example.com', acceptor_id: acceptors[0]!.id, type: 'sell', is_sure: 0 });
    expect((await page<DealItem>('/acceptors/deals?limit=2&page=2')).list.map((item) => item.money)).toEqual(['10']);

    expect((await page<DealItem>(`/acceptors/deals?acceptor_id=${acceptors[0]!.id}`)).list.map((item) => item.money)).toEqual(['30', '10']);
    expect((await page<DealItem>(`/acceptors/deals?user_id=${buyer.id}`)).list.map((item) => item.money)).toEqual(['20', '10']);
    expect((await page<DealItem>('/acceptors/deals?state=1')).list.map((item) => item.money)).toEqual(['10']);
    expect((await page<DealItem>('/acceptors/deals?type=sell')).list.map((item) => item.user_id)).toEqual([seller.id]);
    expect((await page<DealItem>(`/acceptors/deals?acceptor_id=${acceptors[2]!.id}`)).total).toBe(0);

    const lines = await csv(`/acceptors/deals?format=csv&user_id=${buyer.id}`);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('table-buyer@example.com');
  });

  it('pages the UpStart projects, newest first, filtered by stage and by title or token', async () => {
    // the demo install's project, then the three published here
    const first = await page<ProjectItem>('/upstart/projects?limit=2');
    expect(first).toMatchObject({ page: 1, pages: 2, total: 4 });
    expect(first.list.map((item) => item.id)).toEqual([projects[2], projects[1]]);
    // a project's `total` is what it sells, beside the count of the table
    expect(first.list[0]).toMatchObject({ title: 'Table round gamma', stage: 3, total: '1000', sold: '0' });
    expect((await page<ProjectItem>('/upstart/projects?limit=2&page=2')).list.map((item) => item.id)).toContain(projects[0]);
    expect((await page<ProjectItem>('/upstart/projects?stage=1')).list.map((item) => item.title)).toEqual(['Table round alpha']);
    expect((await page<ProjectItem>('/upstart/projects?q=ROUND%20b')).list.map((item) => item.id)).toEqual([projects[1]]);
    expect((await page<ProjectItem>('/upstart/projects?q=tsr')).total).toBe(4);
    expect((await page('/upstart/projects?stage=4')).total).toBe(0);

    const lines = await csv('/upstart/projects?format=csv&q=table%20round');
    expect(lines).toHaveLength(4);
    expect(lines[0]?.split(',')).toEqual(expect.arrayContaining(['id', 'title', 'stage', 'sold']));
  });

  it('refuses paging and filters it cannot read with a 400 and no rows', async () => {
    for (const url of [
      '/acceptors?limit=0',
      '/acceptors?limit=101',
      '/acceptors?page=-1',
      '/acceptors?state=sleeping',
      `/acceptors?q=${'x'.repeat(101)}`,
      '/acceptors/deals?page=1.5',
      '/acceptors/deals?state=4',
      '/acceptors/deals?type=swap',
      '/acceptors/deals?acceptor_id=abc',
      '/acceptors/deals?user_id=0',
      '/upstart/projects?stage=5',
      '/upstart/projects?limit=abc',
      '/upstart/projects?format=pdf',
    ]) {
      const reply = await admin('GET', url);
      expect({ url, status: reply.status, body: reply.body }).toEqual({ url, status: 400, body: { error: 'parameter error' } });
    }
  });
});
