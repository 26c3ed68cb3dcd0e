import { beforeAll, expect, it } from 'vitest';
import { operatorCall, operatorToken } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { atoms, key, LeverHarness, USDT } from '../lever/harness';

interface RiskView {
  lever: {
    liquidation_rate: string;
    accounts_holding: number;
    house_exposure: { currency: string; positions: number; margin: string; users_unrealised: string }[];
  };
  micro: { currency: string; running: number; stake: string; reserve: string; next_expiry: string | null }[];
}
interface Page<T> {
  list: T[];
  page: number;
  pages: number;
  total: number;
}
interface LeverAccount {
  user_id: number;
  account: string;
  positions: number;
  risk_rate: string;
  margin: string;
  unrealised: string;
  liquidation_marks: { symbol: string; mark: string }[];
}
interface Contract {
  id: number;
  user_id: number;
  symbol: string;
  currency: string;
  direction: string;
  stake: string;
  reserve: string;
  expires_at: string;
}

/** The operators' risk view: lever accounts nearest liquidation first, the house's exposure, running second contracts. */
describeEachDatabase('risk view', (kind) => {
  let h: LeverHarness;
  let operator: ReturnType<typeof operatorCall>;
  let careful: number;
  let bold: number;

  const { app } = useTestApp(kind);
  beforeAll(async () => {
    h = new LeverHarness(app.db).use(app.core, app.services.indexFeed);
    await h.init();
    await h.fund(h.house, 'lever', '1000000');
    await h.fund(h.house, 'micro', '1000000');
    await h.markAt('60000');
    careful = await h.newUser();
    bold = await h.newUser();
    await h.fund(careful, 'lever', '200');
    await h.fund(bold, 'lever', '150');
    // one hand is 0.01 BTC: 600 USDT of value, 60 of margin at 10×; bold keeps little beside two margins
    expect((await h.open(careful, { multiple: 10 })).applied).toBe(true);
    expect((await h.open(bold, { multiple: 10 })).applied).toBe(true);
    expect((await h.open(bold, { multiple: 10, type: 2 })).applied).toBe(true);
    await h.fund(careful, 'micro', '1000');
    const micro = await app.core.execute({ kind: 'micro_open', key: key('micro'), userId: careful, pairId: h.pairId, currencyId: USDT, type: 1, seconds: 60, number: atoms('100'), fee: atoms('0.5'), profitRatio: atoms('85') });
    expect(micro.applied).toBe(true);
    await h.settle();
    operator = operatorCall(app, await operatorToken(app));
  });

  it('lists lever accounts by risk rate, lowest (nearest liquidation) first, with the marks that would liquidate them', async () => {
    const summary = (await operator('GET', '/risk')).body as unknown as RiskView;
    expect(summary.lever).toMatchObject({ liquidation_rate: '110', accounts_holding: 2 });
    const reply = await operator('GET', '/risk/lever-accounts');
    expect(reply.status).toBe(200);
    const accounts = reply.body as unknown as Page<LeverAccount>;
    expect(accounts).toMatchObject({ page: 1, pages: 1, total: 2 });
    expect(accounts.list.map((account) => account.user_id)).toEqual([bold, careful]);
    const [first, second] = accounts.list;
    expect(Number(first?.risk_rate)).toBeLessThan(Number(second?.risk_rate));
    expect(first?.positions).toBe(2);
    // the careful long is liquidated by a fall of the mark, at a price below the open
    expect(second?.liquidation_marks).toHaveLength(1);
    expect(second?.liquidation_marks[0]?.symbol).toBe('BTC/USDT');
    expect(Number(second?.liquidation_marks[0]?.mark)).toBeLessThan(60000);
    // the risk rate is the core's own figure
    const core = app.core.read.leverRisk(careful, USDT);
    expect(atoms(second?.margin ?? '0')).toBe(core.margin);
  });

  it('pages and filters the lever accounts on the server, and exports the filter as CSV', async () => {
    const page = async (query: string) => (await operator('GET', `/risk/lever-accounts?${query}`)).body as unknown as Page<LeverAccount>;
    const first = await page('limit=1');
    expect(first).toMatchObject({ page: 1, pages: 2, total: 2 });
    expect(first.list.map((account) => account.user_id)).toEqual([bold]);
    expect((await page('limit=1&page=2')).list.map((account) => account.user_id)).toEqual([careful]);
    // past the last page: no row, the total stays
    expect(await page('limit=1&page=3')).toMatchObject({ list: [], page: 3, total: 2 });
    expect((await page(`q=${careful}`)).list.map((account) => account.user_id)).toEqual([careful]);
    const [row] = await app.db.query<{ account: string }>('select account from users where id = $1', [careful]);
    expect((await page(`q=${encodeURIComponent(row?.account.slice(0, 12) ?? '')}`)).list.map((account) => account.user_id)).toContain(careful);
    expect((await page(`currency_id=${USDT}`)).total).toBe(2);
    expect((await page('currency_id=1')).total).toBe(0);

    const csv = await app.http.inject({ method: 'GET', url: '/admin/api/risk/lever-accounts?format=csv', headers: { authorization: `Bearer ${await operatorToken(app)}` } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.split(',')).toEqual(expect.arrayContaining(['user_id', 'risk_rate', 'liquidation_marks']));
    expect(lines[1]?.startsWith(`${bold},`)).toBe(true);
  });

  it('pages the running second contracts, soonest expiry first, filtered by currency, pair and user', async () => {
    const page = async (query: string) => (await operator('GET', `/risk/micro-contracts?${query}`)).body as unknown as Page<Contract>;
    const all = await page('');
    expect(all).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(all.list[0]).toMatchObject({ user_id: careful, symbol: 'BTC/USDT', currency: 'USDT', direction: 'up', stake: '100', reserve: '85' });
    expect((await page(`user_id=${careful}&pair_id=${h.pairId}&currency_id=${USDT}`)).total).toBe(1);
    expect((await page(`user_id=${bold}`)).total).toBe(0);
    expect(await page('page=2')).toMatchObject({ list: [], total: 1 });
    const csv = await app.http.inject({ method: 'GET', url: `/admin/api/risk/micro-contracts?format=csv&user_id=${careful}`, headers: { authorization: `Bearer ${await operatorToken(app)}` } });
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('refuses paging and filters it cannot read with a 400 and no rows', async () => {
    for (const url of [
      '/risk/lever-accounts?limit=0',
      '/risk/lever-accounts?limit=101',
      '/risk/lever-accounts?page=0',
      '/risk/lever-accounts?page=two',
      '/risk/lever-accounts?currency_id=-3',
      `/risk/lever-accounts?q=${'x'.repeat(101)}`,
      '/risk/lever-accounts?format=xls',
      '/risk/micro-contracts?user_id=abc',
      '/risk/micro-contracts?pair_id=0',
      '/risk/micro-contracts?limit=1000',
    ]) {
      const reply = await operator('GET', url);
      expect({ url, status: reply.status, body: reply.body }).toEqual({ url, status: 400, body: { error: 'parameter error' } });
    }
  });

  it('sums the house’s exposure per quote currency and the running second contracts with their reserve', async () => {
    const view = (await operator('GET', '/risk')).body as unknown as RiskView;
    expect(view.lever.house_exposure).toHaveLength(1);
    const [usdt] = view.lever.house_exposure;
    expect(usdt).toMatchObject({ currency: 'USDT', positions: 3 });
    const margins = app.core.read.leverRisk(careful, USDT).margin + app.core.read.leverRisk(bold, USDT).margin;
    expect(atoms(usdt?.margin ?? '0')).toBe(margins);
    expect(view.micro).toEqual([{ currency: 'USDT', running: 1, stake: '100', reserve: '85', next_expiry: expect.any(String) as string }]);
  });

  it('drops an account whose positions the core has closed', async () => {
    const [trade] = app.core.read.leverTradesOf(careful);
    expect((await app.core.execute({ kind: 'lever_close', key: key('close'), userId: careful, tradeId: trade?.id ?? 0 })).applied).toBe(true);
    await h.settle();
    const accounts = (await operator('GET', '/risk/lever-accounts')).body as unknown as Page<LeverAccount>;
    expect(accounts.list.map((account) => account.user_id)).toEqual([bold]);
    expect(((await operator('GET', '/risk')).body as unknown as RiskView).lever.accounts_holding).toBe(1);
  });
});
