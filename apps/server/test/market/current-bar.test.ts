import type { AddressInfo } from 'node:net';
import { klinePush } from '@tessera/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { manualClock } from '../support/clock';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

/**
 * The bar running now: old desks price market orders and show the change from `kline`, so every
 * pair's 1min bar goes out when a socket connects and again when a minute starts, traded or not.
 */
describeEachDatabase('the current kline bar of every pair', (kind) => {
  let app: TestApp;
  let socket: Socket | undefined;
  const time = manualClock(new Date(Date.UTC(2026, 10, 27, 8, 0, 10)));

  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock });
    await app.http.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    socket?.close();
    await app.close();
  });

  it('pushes each pair’s bar at connection and each pair’s new bar when the minute turns, with change', async () => {
    const bars: Record<string, unknown>[] = [];
    const base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    socket = connect(base, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, autoConnect: false });
    socket.on('kline', (payload: Record<string, unknown>) => bars.push(payload));
    socket.connect();
    const pairs = [...app.services.market.allPairs()].map((pair) => pair.id);
    expect(pairs.length).toBeGreaterThan(1);
    const minuteOf = (ms: number) => Math.floor(ms / 60_000) * 60_000;
    const barsAt = (openTime: number) => new Set(bars.filter((bar) => bar.time === openTime && bar.period === '1min').map((bar) => bar.match_id));

    const first = minuteOf(time.clock().getTime());
    await expect.poll(() => barsAt(first).size).toBe(pairs.length);
    for (const bar of bars) expect(klinePush.parse(bar).change).toMatch(/^([+-]\d+\.\d{2}|0\.00)$/);

    time.advanceSeconds(60);
    const next = minuteOf(time.clock().getTime());
    await expect.poll(() => barsAt(next).size).toBe(pairs.length);
    // a pair with no trade in the minute: a flat bar, no volume
    expect(bars.filter((bar) => bar.time === next).every((bar) => bar.open === bar.close && Number(bar.volume) === 0)).toBe(true);
  });
});
