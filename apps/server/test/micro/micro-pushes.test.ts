import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { newCommandKey } from '../../src/core/command-key';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { indexDriver } from '../support/index-feed';

const BTC = 1;
const USDT = 3;
const key = () => newCommandKey('test');

function once<T>(socket: Socket, event: string, timeoutMs: number): Promise<T | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describeEachDatabase('second-contract pushes', (kind) => {
  let base: string;
  let owner: { token: string; id: number };
  let stranger: { token: string; id: number };
  let pairId: number;
  const time = manualClock(new Date('2026-11-22T08:00:00Z'));
  const traders: number[] = [];

  const tradeAt = async (price: string) => {
    const [a = 0, b = 0] = traders;
    for (const [userId, side] of [[a, 'sell'], [b, 'buy']] as const) {
      await app.core.execute({ kind: 'spot_place', key: key(), userId, pairId, side, type: 'limit', quantity: parseAmount('0.01'), price: parseAmount(price) });
    }
  };
  async function openSocket(token: string, userId: number): Promise<Socket> {
    const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.emit('login', userId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return socket;
  }

  const { app } = useTestApp(kind, { clock: time.clock, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  beforeAll(async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    const api = apiClient(app);
    owner = await registerUser(api, 'owner@example.com');
    stranger = await registerUser(api, 'stranger@example.com');
    const rows = await app.db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id limit 2`);
    traders.push(...rows.map((row) => row.id));
    const adjust = (userId: number, currencyId: number, wallet: 'change' | 'micro', amount: string) =>
      app.core.execute({ kind: 'adjust', key: key(), userId, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });
    for (const trader of traders) {
      await adjust(trader, USDT, 'change', '1000000');
      await adjust(trader, BTC, 'change', '10');
    }
    await adjust(owner.id, USDT, 'micro', '1000');
    const [house] = await app.db.query<{ id: number }>(`select id from users where kind = 'house'`);
    await adjust(house?.id ?? 0, USDT, 'micro', '100000');
    pairId = [...app.core.read.pairs()].find((pair) => pair.currencyId === BTC && pair.legalId === USDT)?.id ?? 0;
  });

  it('pushes updateKLine with the latest close of a pair that traded', async () => {
    const watcher = await openSocket(stranger.token, stranger.id);
    const pushed = once<Record<string, unknown>>(watcher, 'updateKLine', 3000);
    await tradeAt('60000');
    expect(await pushed).toEqual(
      expect.objectContaining({ type: 'updateKLine', match_id: pairId, currency_id: BTC, legal_id: USDT, symbol: 'BTC/USDT', close: '60000' }),
    );
    watcher.close();
  });

  it('pushes closed_microorder to the owner of a settled contract and to nobody else', async () => {
    const mine = await openSocket(owner.token, owner.id);
    const theirs = await openSocket(stranger.token, stranger.id);
    const index = indexDriver(app.services.indexFeed, (seconds) => time.advanceSeconds(seconds));
    await index.set(pairId, '60000');
    const placed = await apiClient(app).post<string>(
      'microtrade/submit',
      { match_id: pairId, currency_id: USDT, type: 2, seconds: 30, number: '100' },
      { token: owner.token },
    );
    expect(placed.body.type).toBe('ok');
    const toOwner = once<{ type: string; to: number; data: Record<string, unknown> }>(mine, 'closed_microorder', 3000);
    const toStranger = once(theirs, 'closed_microorder', 1500);
    await index.hold(10);
    await index.set(pairId, '59900');
    await index.hold(21);
    await app.core.runDueDeadlines();
    expect(await toOwner).toEqual({
      type: 'closed_microorder',
      to: owner.id,
      data: expect.objectContaining({ id: placed.body.id, status: 3, type: 2, open_price: '60000.00', end_price: '59900.00', fact_profits: '80.00000000', remain_milli_seconds: 0 }),
    });
    expect(await toStranger).toBe('timeout');
    mine.close();
    theirs.close();
  });
});
