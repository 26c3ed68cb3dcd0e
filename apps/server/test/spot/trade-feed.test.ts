import { expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import type { TradeTick } from '../../src/modules/market/trade-feed';
import { CoreTradeFeed } from '../../src/modules/spot/trade-feed';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

describeEachDatabase('the trade feed from the core', (kind) => {
  const { app } = useTestApp(kind);

  it('reports durable trades with exact prices, the depth, and which books changed', async () => {
    const feed = new CoreTradeFeed(app.core);
    const received: TradeTick[] = [];
    feed.onTrades((ticks) => received.push(...ticks));
    const [pair] = await app.db.query<{ id: number }>('select id from currency_pairs where currency_id = 2 and legal_id = 3');
    const users = await app.db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id limit 2`);
    const [maker = 0, taker = 0] = users.map((row) => row.id);
    for (const userId of [maker, taker]) {
      await app.core.execute({ kind: 'adjust', key: `feed-eth-${userId}`, userId, currencyId: 2, wallet: 'change', amount: parseAmount('10'), reason: 'adjustment', reference: 't' });
      await app.core.execute({ kind: 'adjust', key: `feed-usdt-${userId}`, userId, currencyId: 3, wallet: 'change', amount: parseAmount('100000'), reason: 'adjustment', reference: 't' });
    }
    feed.takeChangedBooks();
    const pairId = pair?.id ?? 0;
    await app.core.execute({ kind: 'spot_place', key: 'feed-1', userId: maker, pairId, side: 'sell', type: 'limit', price: parseAmount('3000.5'), quantity: parseAmount('2') });
    await app.core.execute({ kind: 'spot_place', key: 'feed-2', userId: maker, pairId, side: 'buy', type: 'limit', price: parseAmount('2999'), quantity: parseAmount('1.5') });
    expect(feed.takeChangedBooks()).toEqual([pairId]);
    expect(feed.takeChangedBooks()).toEqual([]);
    await app.core.execute({ kind: 'spot_place', key: 'feed-3', userId: taker, pairId, side: 'buy', type: 'limit', price: parseAmount('3000.5'), quantity: parseAmount('0.25') });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ pairId, currencyId: 2, legalId: 3, price: '3000.5', quantity: '0.25', takerSide: 'buy' });
    expect(feed.depth(pairId, 10)).toEqual({ pairId, bids: [['2999', '1.5']], asks: [['3000.5', '1.75']] });
  });
});
