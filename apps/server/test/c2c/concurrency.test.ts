import { beforeAll, expect, it } from 'vitest';
import { formatAmount } from '../../src/core/amount';
import { Refusal } from '../../src/core/refusal';
import { apiClient } from '../support/client';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { CASH, fundLegal, trader, USDT, type Trader } from './support';

const TAKERS = 50;

/** Takers arriving at once never sell an ad beyond its total: the core applies them one at a time. */
describeEachDatabase('c2c concurrent takers', (kind) => {
  let publisher: Trader;
  let takers: number[];

  const { app } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    const api = apiClient(app);
    publisher = await trader(app, api, 'crowd-publisher@example.com', { usdt: '100' });
    // verified takers with payment methods, made in the database (fifty registrations would only slow the test)
    const rows = await app.db.query<{ id: number }>(
      `insert into users (account, password_hash, extension_code, review_status)
       select 'crowd-' || n || '@example.com', '!', 'CROWD' || lpad(n::text, 3, '0'), 2 from generate_series(1, ${TAKERS}) n returning id`,
    );
    takers = rows.map((row) => row.id);
    for (const id of takers) {
      await app.db.query(`insert into user_cash_info (user_id, real_name, alipay_account) values ($1, $2, $3)`, [id, CASH.real_name, `${id}@alipay.example`]);
      await fundLegal(app, id, '5');
    }
  });

  async function publish(type: 'buy' | 'sell', total: string): Promise<number> {
    return app.services.c2c.publish(publisher.id, { type, currency_id: USDT, price: '7', total_number: total, way: 'ali_pay' });
  }

  async function takeAll(adId: number, number: string | undefined) {
    const outcomes = await Promise.allSettled(takers.map((id) => app.services.c2c.take(id, adId, number)));
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(Refusal);
    return { taken: outcomes.filter((outcome) => outcome.status === 'fulfilled').length, refusals: refusals.map((refusal) => (refusal as Refusal).key) };
  }

  async function sold(adId: number) {
    const [row] = await app.db.query<{ sold: string; orders: number; remaining: string }>(
      `select coalesce(sum(o.number), 0)::text as sold, count(o.id)::int as orders, a.remaining::text
         from c2c_ads a left join c2c_orders o on o.ad_id = a.id where a.id = $1 group by a.remaining`,
      [adId],
    );
    return row;
  }

  it(`${TAKERS} takers of one coin each on a sell ad of 10: exactly 10 orders, nothing oversold`, async () => {
    const adId = await publish('sell', '10');
    const { taken, refusals } = await takeAll(adId, '1');
    expect(taken).toBe(10);
    expect(new Set(refusals)).toEqual(new Set(['ad not found']));
    expect(await sold(adId)).toEqual({ sold: '10.000000000000000000', orders: 10, remaining: '0.000000000000000000' });
    const escrow = app.core.read.balance({ userId: publisher.id, currencyId: USDT, wallet: 'legal' });
    expect(formatAmount(escrow.locked)).toBe('10');
  });

  it(`${TAKERS} takers of the whole remainder: exactly one order`, async () => {
    const adId = await publish('sell', '3');
    const { taken } = await takeAll(adId, undefined);
    expect(taken).toBe(1);
    expect(await sold(adId)).toMatchObject({ orders: 1, sold: '3.000000000000000000' });
  });

  it(`${TAKERS} sellers into a buy ad of 10: exactly 10 escrow a coin each`, async () => {
    const adId = await publish('buy', '10');
    const { taken } = await takeAll(adId, '1');
    expect(taken).toBe(10);
    expect(await sold(adId)).toMatchObject({ orders: 10, sold: '10.000000000000000000' });
    const [locked] = await app.db.query<{ locked: string }>(`select sum(locked)::text as locked from balances where wallet = 'legal' and currency_id = $1 and user_id = any($2::int[])`, [
      USDT,
      takers,
    ]);
    expect(Number(locked?.locked)).toBe(10);
  });
});
