import { afterAll, beforeAll, expect, it } from 'vitest';
import { operatorCall, operatorToken } from '../support/accounts';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';
import { atoms, key, LeverHarness, USDT } from '../lever/harness';

interface RiskView {
  lever: {
    liquidation_rate: string;
    accounts_holding: number;
    nearest_liquidation: { user_id: number; positions: number; risk_rate: string; margin: string; unrealised: string; liquidation_marks: { symbol: string; mark: string }[] }[];
    house_exposure: { currency: string; positions: number; margin: string; users_unrealised: string }[];
  };
  micro: { currency: string; running: number; stake: string; reserve: string; next_expiry: string | null }[];
}

/** The operators' risk view: lever accounts nearest liquidation first, the house's exposure, running second contracts. */
describeEachDatabase('risk view', (kind) => {
  let app: TestApp;
  let h: LeverHarness;
  let operator: ReturnType<typeof operatorCall>;
  let careful: number;
  let bold: number;

  beforeAll(async () => {
    app = await createTestApp(kind);
    h = new LeverHarness(app.db).use(app.core);
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
  afterAll(() => app.close());

  it('lists lever accounts by risk rate, lowest (nearest liquidation) first, with the marks that would liquidate them', async () => {
    const reply = await operator('GET', '/risk');
    expect(reply.status).toBe(200);
    const view = reply.body as unknown as RiskView;
    expect(view.lever.liquidation_rate).toBe('110');
    expect(view.lever.accounts_holding).toBe(2);
    expect(view.lever.nearest_liquidation.map((account) => account.user_id)).toEqual([bold, careful]);
    const [first, second] = view.lever.nearest_liquidation;
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
    const view = (await operator('GET', '/risk')).body as unknown as RiskView;
    expect(view.lever.nearest_liquidation.map((account) => account.user_id)).toEqual([bold]);
  });
});
