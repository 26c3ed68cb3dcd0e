import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { parseAmount } from '../../src/core/amount';
import { ChainCursorRepository, WatchedAddresses } from '../../src/modules/chains/cursor-repository';
import { EsploraSource } from '../../src/modules/chains/esplora-source';
import { ChainFollower, type ChainSource } from '../../src/modules/chains/follower';
import { TronGridSource } from '../../src/modules/chains/trongrid-source';
import { apiClient } from '../support/client';
import { registerUser } from '../support/accounts';
import { FakeChain, startEsplora, startTronGrid } from '../support/fake-chain-apis';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

const USDT_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const STRANGERS = { btc: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', trc20: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } as const;

/** BTC over Esplora and TRC-20 USDT over TronGrid: the same cases as the EVM watcher. */
const NETWORKS = [
  { network: 'btc' as const, currencyId: 1, unit: 100_000_000n, address: (reply: { btc: string }) => reply.btc },
  { network: 'trc20' as const, currencyId: 3, unit: 1_000_000n, address: (reply: { usdt: string }) => reply.usdt },
];

describeEachDatabase('HTTP-API chain watchers', (kind) => {
  let app: TestApp;
  let alice: { id: number; btc: string; usdt: string };
  let bob: { id: number; btc: string; usdt: string };
  beforeAll(async () => {
    app = await createTestApp(kind);
    const api = apiClient(app);
    const user = async (account: string) => {
      const registered = await registerUser(api, account);
      const reply = await api.post<{ btc: string; usdt: string }>('wallet/get_in_address', {}, { token: registered.token });
      return { id: registered.id, btc: reply.body.message.btc, usdt: reply.body.message.usdt };
    };
    alice = await user('alice-http@example.com');
    bob = await user('bob-http@example.com');
  });
  afterAll(async () => {
    expect((await runAudit(app.db)).ok).toBe(true);
    await app?.close();
  });

  for (const spec of NETWORKS) {
    describe(spec.network, () => {
      const chain = new FakeChain();
      let server: { url: string; close: () => Promise<void> };
      const source = (): ChainSource =>
        spec.network === 'btc'
          ? new EsploraSource(server.url, async () => 1, new WatchedAddresses(app.db, 'btc'))
          : new TronGridSource(server.url, async () => [{ contract: USDT_TRC20, currencyId: 3, decimals: 6 }], new WatchedAddresses(app.db, 'trc20'));
      const follower = (batchBlocks = 20) =>
        new ChainFollower(
          { name: spec.network, confirmations: 6, startHeight: 0, batchBlocks, pollMs: 1000, firstBackoffMs: 100, longestBackoffMs: 1000 },
          source(),
          new ChainCursorRepository(app.db),
          (deposit) => app.services.deposits.creditChainDeposit(deposit),
          { fault: () => {}, warn: () => {} },
        );
      const balance = (userId: number) => app.core.read.balance({ userId, currencyId: spec.currencyId, wallet: 'change' }).available;
      const addressOf = (user: { btc: string; usdt: string }) => spec.address(user as never);
      const units = (whole: bigint) => whole * spec.unit;

      beforeAll(async () => {
        server = spec.network === 'btc' ? await startEsplora(chain) : await startTronGrid(chain, USDT_TRC20);
      });
      afterAll(() => server?.close());

      it('credits after exactly the confirmations; two outputs of one transaction separately; an unknown address ignored', async () => {
        const aliceBefore = balance(alice.id);
        const bobBefore = balance(bob.id);
        chain.mine([
          [
            { address: addressOf(alice), value: units(2n) },
            { address: STRANGERS[spec.network], value: units(9n) },
            { address: addressOf(bob), value: units(3n) },
            { address: addressOf(alice), value: units(1n) / 2n },
          ],
        ]);
        chain.mineEmpty(4);
        const watcher = follower();
        await watcher.catchUp();
        expect(balance(alice.id)).toBe(aliceBefore);
        chain.mineEmpty(1);
        await watcher.catchUp();
        expect(balance(alice.id) - aliceBefore).toBe(parseAmount('2.5'));
        expect(balance(bob.id) - bobBefore).toBe(parseAmount('3'));
        const rows = await app.db.query<{ output_index: number }>('select output_index from deposit_requests where network = $1 and user_id = $2', [spec.network, alice.id]);
        expect(rows.map((row) => row.output_index).sort()).toEqual([0, 3]);
      });

      it('never credits an output whose block is replaced before its confirmations', async () => {
        const watcher = follower();
        await watcher.catchUp();
        const before = balance(bob.id);
        const height = chain.height + 1;
        chain.mine([[{ address: addressOf(bob), value: units(7n) }]]);
        chain.mineEmpty(3);
        await watcher.catchUp();
        chain.dropFrom(height);
        chain.mineEmpty(10);
        await watcher.catchUp();
        expect(balance(bob.id)).toBe(before);
        expect(watcher.status().deepReorgs).toBe(0);
      });

      it('reads again from the fork point after a deeper reorganisation, crediting nothing twice', async () => {
        const watcher = follower();
        await watcher.catchUp();
        const before = balance(bob.id);
        const height = chain.height + 1;
        chain.mine([[{ address: addressOf(bob), value: units(1n) }]]);
        chain.mineEmpty(6);
        await watcher.catchUp();
        expect(balance(bob.id) - before).toBe(parseAmount('1'));
        chain.dropFrom(height);
        chain.mine([[{ address: addressOf(bob), value: units(4n) }]]);
        chain.mineEmpty(8);
        await watcher.catchUp();
        expect(watcher.status().deepReorgs).toBe(1);
        expect(balance(bob.id) - before).toBe(parseAmount('5'));
      });

      it('a restart mid-way neither misses nor repeats a deposit', async () => {
        await follower().catchUp();
        const before = balance(alice.id);
        const start = chain.height - 4;
        for (let i = 1; i <= 4; i += 1) chain.mine([[{ address: addressOf(alice), value: units(BigInt(i)) }]]);
        chain.mineEmpty(6);
        // the first step reads through the second deposit's block; the process "stops"
        await follower(chain.height - 10 - start + 3).step();
        expect(balance(alice.id) - before).toBe(parseAmount('3'));
        await follower().catchUp();
        expect(balance(alice.id) - before).toBe(parseAmount('10'));
      });
    });
  }
});
