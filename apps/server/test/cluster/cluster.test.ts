import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { clusterUnavailable, startCluster, type ClusterProcess, type TestCluster } from '../support/cluster';
import { viewOf } from '../support/replica';
import { nextEvent as next, openSocket as openSocketAt, until } from '../support/socket-client';
import { TEST_DATABASES, type TestApp } from '../support/test-app';

const unavailable = await clusterUnavailable();
if (unavailable) console.warn(unavailable);

const BTC_USDT = { legal_id: 3, currency_id: 1 };
const openSocket = (process: ClusterProcess, token?: string) => openSocketAt(process.base, token);

for (const kind of TEST_DATABASES) {
  describe.skipIf(unavailable !== undefined)(`one core and two gateways over NATS and Redis [${kind}]`, () => {
    let cluster: TestCluster;
    let a: ClusterProcess;
    let b: ClusterProcess;
    const api = (process: ClusterProcess) => apiClient(process as unknown as TestApp);
    let seller: { token: string; id: number };
    let buyer: { token: string; id: number };

    beforeAll(async () => {
      cluster = await startCluster(kind, 2);
      [a, b] = cluster.gateways as [ClusterProcess, ClusterProcess];
      seller = await registerUser(api(a), 'cluster-seller@example.com');
      buyer = await registerUser(api(b), 'cluster-buyer@example.com');
      for (const user of [seller, buyer]) {
        for (const [currencyId, amount] of [[3, '100000'], [1, '2']] as const) {
          await cluster.core.core.execute({ kind: 'adjust', key: `fund-${user.id}-${currencyId}`, userId: user.id, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });
        }
      }
    });
    afterAll(async () => {
      if (!cluster) return;
      expect((await runAudit(cluster.db)).ok).toBe(true);
      await cluster.close();
    });

    it('shows an order placed through gateway A in B’s book, and its fill on B’s sockets', async () => {
      const watcher = await openSocket(b);
      await new Promise<void>((resolve) => watcher.emit('sub', BTC_USDT, () => resolve()));
      const placed = await api(a).post('transaction/out', { ...BTC_USDT, price: '60000', num: '0.5', mode: 2 }, { token: seller.token });
      expect(placed.body).toMatchObject({ type: 'ok', order_id: expect.any(Number) });
      // B reads its copy of the core, reloaded once the core announced the durable batch
      const shown = await until(async () => {
        const deal = await api(b).post<{ out: { price: string }[] }>('transaction/deal', BTC_USDT, { token: buyer.token });
        return JSON.stringify(deal.body.message).includes('60000');
      });
      expect(shown).toBe(true);
      const transaction = next<unknown>(watcher, 'transaction');
      const bought = await api(b).post('transaction/in', { ...BTC_USDT, price: '60000', num: '0.2' }, { token: buyer.token });
      expect(bought.body.type).toBe('ok');
      expect(await transaction).not.toBe('timeout');
      watcher.close();
    });

    it('brings a private push to the user’s socket on the other gateway, once', async () => {
      const socket = await openSocket(b, buyer.token);
      socket.emit('login', buyer.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      let pushes = 0;
      socket.on('update_balance', (push: { user_id: number }) => {
        if (push.user_id === buyer.id) pushes += 1;
      });
      const pushed = next<{ user_id: number }>(socket, 'update_balance', 5000, (push) => push.user_id === buyer.id);
      const placed = await api(a).post('transaction/in', { ...BTC_USDT, price: '1000', num: '0.01' }, { token: buyer.token });
      expect(placed.body.type).toBe('ok');
      expect(await pushed).toMatchObject({ user_id: buyer.id });
      // one batch changed the buyer's balance: one push, from B (the core's process pushes none)
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pushes).toBe(1);
      socket.close();
    });

    it('keeps both gateways’ copies equal to the core, batch by batch, after orders through both', async () => {
      const orders = [];
      for (let index = 0; index < 10; index += 1) {
        orders.push(api(a).post('transaction/out', { ...BTC_USDT, price: String(61000 + 10 * index), num: '0.01' }, { token: seller.token }));
        orders.push(api(b).post('transaction/in', { ...BTC_USDT, price: String(61050), num: '0.01' }, { token: buyer.token }));
      }
      for (const reply of await Promise.all(orders)) expect(reply.body.type).toBe('ok');
      const users = [seller.id, buyer.id];
      const pairId = [...cluster.core.core.read.pairs()].find((pair) => pair.currencyId === BTC_USDT.currency_id && pair.legalId === BTC_USDT.legal_id)?.id ?? 0;
      const caughtUp = await until(async () => [a, b].every((gateway) => gateway.core.sequence === cluster.core.core.sequence));
      expect(caughtUp).toBe(true);
      for (const gateway of [a, b]) expect(viewOf(gateway.core, users, pairId)).toEqual(viewOf(cluster.core.core, users, pairId));
      // the gateways' market data counted the same trades as the core's, from their copies' events
      expect(b.services.market.recentTrades(pairId).length).toBeGreaterThan(0);
      expect(b.services.market.recentTrades(pairId)).toEqual(cluster.core.services.market.recentTrades(pairId));
    });

    it('closes a revoked session’s sockets on both gateways, and B stops trusting the token at once', async () => {
      const token = await api(a).login('cluster-seller@example.com', 'secret123');
      // B has looked the session up, so it remembers it as live
      expect((await api(b).get('user/info', {}, { token })).body.type).toBe('ok');
      const onA = await openSocket(a, token);
      const onB = await openSocket(b, token);
      const closed = (socket: Socket) => new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 5000);
        socket.once('disconnect', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      const both = Promise.all([closed(onA), closed(onB)]);
      expect((await api(a).post('user/logout', {}, { token })).body.type).toBe('ok');
      expect(await both).toEqual([true, true]);
      expect((await api(b).get('user/info', {}, { token })).body).toEqual({ type: '999', message: 'login expired, please log in again' });
    });

    it('answers a gateway’s readiness with the core’s reach', async () => {
      const ready = await b.http.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json()).toMatchObject({ message: { status: 'ok', core: 'running' } });
    });
  });
}
