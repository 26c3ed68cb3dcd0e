import { beforeAll, expect, it } from 'vitest';
import { operatorCall, operatorToken } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { atoms, key, LeverHarness, USDT } from '../lever/harness';

interface Page<Row> {
  total: number;
  list: Row[];
}

/** A user's lever positions and second contracts, as the back office's user page lists them. */
describeEachDatabase('back office: a user’s positions and contracts', (kind) => {
  let h: LeverHarness;
  let operator: ReturnType<typeof operatorCall>;
  let trader: number;
  let other: number;

  const { app } = useTestApp(kind);
  beforeAll(async () => {
    h = new LeverHarness(app.db).use(app.core, app.services.indexFeed);
    await h.init();
    await h.fund(h.house, 'micro', '1000000');
    await h.markAt('60000');
    trader = await h.newUser();
    other = await h.newUser();
    await h.fund(trader, 'lever', '1000');
    await h.fund(trader, 'micro', '1000');
    await h.fund(other, 'lever', '1000');
    expect((await h.open(trader, { multiple: 10 })).applied).toBe(true);
    expect((await h.open(trader, { multiple: 5, type: 2 })).applied).toBe(true);
    expect((await h.open(other, { multiple: 10 })).applied).toBe(true);
    const micro = (type: 1 | 2) =>
      app.core.execute({ kind: 'micro_open', key: key('micro'), userId: trader, pairId: h.pairId, currencyId: USDT, type, seconds: 60, number: atoms('100'), fee: atoms('0.5'), profitRatio: atoms('85') });
    expect((await micro(1)).applied).toBe(true);
    expect((await micro(2)).applied).toBe(true);
    await h.settle();
    operator = operatorCall(app, await operatorToken(app));
  });

  it('lists the user’s lever positions, newest first and paged, and none of another user’s', async () => {
    const all = await operator('GET', `/users/${trader}/positions`);
    expect(all.status).toBe(200);
    const page = all.body as unknown as Page<{ side: string; status: string; multiple: number; margin: string }>;
    expect(page.total).toBe(2);
    expect(page.list.map((row) => [row.side, row.status, row.multiple])).toEqual([
      ['short', 'open', 5],
      ['long', 'open', 10],
    ]);
    const second = (await operator('GET', `/users/${trader}/positions?page=2&limit=1`)).body as unknown as Page<{ side: string }>;
    expect(second).toMatchObject({ total: 2, list: [{ side: 'long' }] });
    expect(((await operator('GET', `/users/${other}/positions`)).body as unknown as Page<unknown>).total).toBe(1);
  });

  it('lists the user’s second contracts with their state, and refuses an unknown user or bad paging', async () => {
    const page = (await operator('GET', `/users/${trader}/contracts`)).body as unknown as Page<{ direction: string; status: string; number: string; fee: string; result: string | null }>;
    expect(page.total).toBe(2);
    expect(page.list).toEqual([
      expect.objectContaining({ direction: 'down', status: 'running', number: '100', fee: '0.5', result: null }),
      expect.objectContaining({ direction: 'up', status: 'running', number: '100', fee: '0.5', result: null }),
    ]);
    expect(((await operator('GET', `/users/${other}/contracts`)).body as unknown as Page<unknown>).total).toBe(0);
    const unknown = await operator('GET', '/users/999999/contracts');
    expect(unknown.status).toBe(404);
    expect((await operator('GET', `/users/${trader}/positions?limit=0`)).status).toBe(400);
  });
});
