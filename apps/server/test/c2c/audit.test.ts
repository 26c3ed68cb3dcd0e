import { beforeAll, expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { trader, USDT, type Trader } from './support';

/** The audit reconciles c2c escrow: locked legal coins equal what open sell ads and unfinished orders hold. */
describeEachDatabase('c2c escrow audit', (kind) => {
  let seller: Trader;
  let taker: Trader;

  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    seller = await trader(app, api, 'audit-seller@example.com', { usdt: '50' });
    taker = await trader(app, api, 'audit-taker@example.com', { usdt: '50' });
  });

  it('reconciles while ads and orders are open, and after they end; the ledger per currency still balances', async () => {
    expect((await api.post('c2c_send', { type: 'sell', currency_id: USDT, price: '7', total_number: '20', way: 'bank' }, { token: seller.token })).body.type).toBe('ok');
    expect((await api.post('c2c_send', { type: 'buy', currency_id: USDT, price: '7', total_number: '20', way: 'bank' }, { token: seller.token })).body.type).toBe('ok');
    const ads = (await api.get<{ data: { id: number; type: string }[] }>('c2c/seller_trade', {}, { token: seller.token })).body.message.data;
    const sellAd = ads.find((ad) => ad.type === 'sell')?.id ?? 0;
    const buyAd = ads.find((ad) => ad.type === 'buy')?.id ?? 0;
    const bought = (await api.post<{ id: number }>('c2c/do_legal_deal', { id: sellAd, number: '5' }, { token: taker.token })).body.message.id;
    const sold = (await api.post<{ id: number }>('c2c/do_legal_deal', { id: buyAd, number: '7' }, { token: taker.token })).body.message.id;
    expect(await runAudit(app.db)).toMatchObject({ ok: true, escrowMismatches: [], currencyMismatches: [] });
    expect((await api.post('c2c/user_legal_pay', { id: bought }, { token: taker.token })).body.type).toBe('ok');
    expect((await api.post('c2c/legal_deal_sure', { id: bought }, { token: seller.token })).body.type).toBe('ok');
    expect((await api.post('c2c/user_legal_pay_cancel', { id: sold }, { token: seller.token })).body.type).toBe('ok');
    expect((await api.post('c2c/back_send', { id: sellAd }, { token: seller.token })).body.type).toBe('ok');
    expect(await runAudit(app.db)).toMatchObject({ ok: true, escrowMismatches: [], currencyMismatches: [] });
  });

  it('reports an ad whose recorded remainder no longer matches the coins locked for it', async () => {
    expect((await api.post('c2c_send', { type: 'sell', currency_id: USDT, price: '7', total_number: '10', way: 'bank' }, { token: seller.token })).body.type).toBe('ok');
    const [ad] = await app.db.query<{ id: string }>(`select id::text from c2c_ads where status = 'open' and type = 'sell'`);
    await app.db.query('update c2c_ads set remaining = remaining - 1 where id = $1', [ad?.id]);
    const report = await runAudit(app.db);
    expect(report.ok).toBe(false);
    expect(report.escrowMismatches).toEqual([{ user_id: seller.id, currency_id: USDT, wallet: 'legal', held: '10.000000000000000000', expected: '9.000000000000000000' }]);
    await app.db.query('update c2c_ads set remaining = remaining + 1 where id = $1', [ad?.id]);
    expect((await runAudit(app.db)).ok).toBe(true);
  });
});
