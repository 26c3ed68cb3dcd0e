import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface KlinePush {
  period: string;
  match_id: number;
  close: string;
}

describeEachDatabase('kline pushes', (kind) => {
  let base: string;
  const { app } = useTestApp(kind);
  beforeAll(async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
  });

  async function openSocket(): Promise<{ socket: Socket; klines: KlinePush[] }> {
    const socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const klines: KlinePush[] = [];
    socket.on('kline', (push: KlinePush) => klines.push(push));
    return { socket, klines };
  }

  it('sends coarse candles to a pair’s subscribers at once, and to legacy sockets in a merged push every 5 s', async () => {
    const [pair] = await app.db.query<{ id: number }>('select id from currency_pairs where currency_id = 2 and legal_id = 3');
    const pairId = pair?.id ?? 0;
    const subscriber = await openSocket();
    await subscriber.socket.emitWithAck('sub', { legal_id: 3, currency_id: 2 });
    const legacy = await openSocket();
    try {
      const users = await app.db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id limit 2`);
      const [maker = 0, taker = 0] = users.map((row) => row.id);
      for (const userId of [maker, taker]) {
        await app.core.execute({ kind: 'adjust', key: `kline-eth-${userId}`, userId, currencyId: 2, wallet: 'change', amount: parseAmount('10'), reason: 'adjustment', reference: 't' });
        await app.core.execute({ kind: 'adjust', key: `kline-usdt-${userId}`, userId, currencyId: 3, wallet: 'change', amount: parseAmount('100000'), reason: 'adjustment', reference: 't' });
      }
      await app.core.execute({ kind: 'spot_place', key: 'kline-1', userId: maker, pairId, side: 'sell', type: 'limit', price: parseAmount('3123.5'), quantity: parseAmount('1') });
      await app.core.execute({ kind: 'spot_place', key: 'kline-2', userId: taker, pairId, side: 'buy', type: 'limit', price: parseAmount('3123.5'), quantity: parseAmount('0.5') });
      await app.services.market.flush();

      const coarse = (klines: KlinePush[]) => klines.filter((push) => push.match_id === pairId && push.period === '1day');
      await expect.poll(() => coarse(subscriber.klines).length, { timeout: 2000 }).toBeGreaterThan(0);
      expect(coarse(subscriber.klines)[0]?.close).toBe('3123.50');
      // the merged push to everyone else comes later, once
      await expect.poll(() => coarse(legacy.klines).length, { timeout: 6000, interval: 100 }).toBe(1);
      expect(legacy.klines.filter((push) => push.period === '1min' && push.match_id === pairId).length).toBeGreaterThan(0);
    } finally {
      subscriber.socket.close();
      legacy.socket.close();
    }
  });
});
