import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEther, parseUnits, type Address } from 'viem';
import { runAudit } from '../../src/core/audit';
import { parseAmount } from '../../src/core/amount';
import { ChainCursorRepository } from '../../src/modules/chains/cursor-repository';
import { evmClient } from '../../src/modules/chains/evm-source';
import { createEvmWatcher } from '../../src/modules/chains/evm-watcher';
import type { FollowerEvents } from '../../src/modules/chains/follower';
import { apiClient } from '../support/client';
import { registerUser } from '../support/accounts';
import { startEvmNode, type EvmNode } from '../support/evm-node';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

const ETH = 2;
const USDT = 3;

describeEachDatabase('EVM deposit watcher on a real node', (kind) => {
  let node: EvmNode;
  let app: TestApp;
  let token: Address;
  let alice: { id: number; address: Address };
  let bob: { id: number; address: Address };
  const warnings: string[] = [];
  const events: FollowerEvents = {
    fault: (error) => {
      throw error;
    },
    warn: (message) => warnings.push(message),
  };

  const change = (userId: number, currencyId: number) => app.core.read.balance({ userId, currencyId, wallet: 'change' }).available;
  const watcher = (options: { batchBlocks?: number; startHeight?: number } = {}) =>
    createEvmWatcher(
      app.db,
      {
        client: evmClient(node.url),
        assets: async () => ({ nativeCurrencyId: ETH, tokens: [{ contract: token, currencyId: USDT }] }),
        confirmations: 6,
        startHeight: options.startHeight ?? 0,
        batchBlocks: options.batchBlocks ?? 50,
      },
      (deposit) => app.services.deposits.creditChainDeposit(deposit),
      events,
    );
  const depositsOf = (userId: number) =>
    app.db.query<{ tx_hash: string; output_index: number; amount: string; currency_id: number; status: number }>(
      'select tx_hash, output_index, amount::text, currency_id, status from deposit_requests where user_id = $1 order by id',
      [userId],
    );

  beforeAll(async () => {
    node = await startEvmNode();
    app = await createTestApp(kind);
    const api = apiClient(app);
    const addressOf = async (account: string) => {
      const user = await registerUser(api, account);
      const reply = await api.post<{ eth: string }>('wallet/get_in_address', { currency: 2 }, { token: user.token });
      return { id: user.id, address: getAddress(reply.body.message.eth) };
    };
    alice = await addressOf('alice-evm@example.com');
    bob = await addressOf('bob-evm@example.com');
    token = await node.deployToken(6, parseUnits('1000000', 6));
  });
  afterAll(async () => {
    expect((await runAudit(app.db)).ok).toBe(true);
    await app?.close();
    await node?.close();
  });

  it('credits ETH and token deposits after exactly the configured confirmations, not before', async () => {
    const follower = watcher();
    await follower.catchUp();
    const eth = await node.sendEth(alice.address, parseEther('1.5'));
    const usdt = await node.sendTokens(token, [{ to: alice.address, amount: parseUnits('250.125', 6) }]);
    // the ETH block has 2 confirmations, the token block 1: 4 more blocks make 6 and 5
    await node.mine(4);
    expect(await node.height()).toBe(usdt.block + 4);
    await follower.catchUp();
    expect(change(alice.id, ETH)).toBe(parseAmount('1.5'));
    expect(change(alice.id, USDT)).toBe(0n);
    expect(follower.status().behind).toBe(0);
    await node.mine(1);
    await follower.catchUp();
    expect(change(alice.id, USDT)).toBe(parseAmount('250.125'));
    const rows = await depositsOf(alice.id);
    expect(rows.map((row) => [row.tx_hash, row.currency_id, row.status])).toEqual([
      [eth.hash, ETH, 1],
      [usdt.hash, USDT, 1],
    ]);
    expect(eth.block).toBeLessThan(usdt.block);
  });

  it('credits two outputs of one transaction separately, and ignores a transfer to an unknown address', async () => {
    const follower = watcher();
    const stranger = getAddress('0x1111111111111111111111111111111111111111');
    const beforeAlice = change(alice.id, USDT);
    const many = await node.sendTokens(token, [
      { to: alice.address, amount: parseUnits('10', 6) },
      { to: bob.address, amount: parseUnits('20', 6) },
      { to: alice.address, amount: parseUnits('5', 6) },
      { to: stranger, amount: parseUnits('7', 6) },
    ]);
    await node.sendEth(stranger, parseEther('3'));
    await node.mine(6);
    await follower.catchUp();
    expect(change(alice.id, USDT) - beforeAlice).toBe(parseAmount('15'));
    expect(change(bob.id, USDT)).toBe(parseAmount('20'));
    const outputs = (await depositsOf(alice.id)).filter((row) => row.tx_hash === many.hash);
    expect(outputs.map((row) => row.amount)).toEqual(['10.000000000000000000', '5.000000000000000000']);
    expect(new Set(outputs.map((row) => row.output_index)).size).toBe(2);
    const all = await app.db.query<{ n: number }>('select count(*)::int as n from deposit_requests where lower(to_address) = lower($1)', [stranger]);
    expect(all[0]!.n).toBe(0);
  });

  it('never credits a deposit whose block is replaced before its confirmations (snapshot and revert)', async () => {
    const follower = watcher();
    await follower.catchUp();
    const before = change(bob.id, ETH);
    const snapshot = await node.snapshot();
    const lost = await node.sendEth(bob.address, parseEther('7'));
    await node.mine(3);
    await follower.catchUp();
    await node.revert(snapshot);
    // the replacing chain: another transaction first, then blocks past the confirmations
    await node.sendEth(alice.address, parseEther('0.25'));
    await node.mine(8);
    await follower.catchUp();
    expect(change(bob.id, ETH)).toBe(before);
    const rows = await depositsOf(bob.id);
    expect(rows.some((row) => row.tx_hash === lost.hash)).toBe(false);
    expect(follower.status().deepReorgs).toBe(0);
  });

  it('reads again from the fork point after a reorganisation deeper than the confirmations', async () => {
    const follower = watcher();
    await follower.catchUp();
    const snapshot = await node.snapshot();
    await node.sendEth(bob.address, parseEther('2'));
    await node.mine(6);
    await follower.catchUp();
    const credited = change(bob.id, ETH);
    await node.revert(snapshot);
    // the same deposit mined again in the new chain is not credited twice; a new one is credited
    const again = await node.sendEth(bob.address, parseEther('4'));
    await node.mine(7);
    await follower.catchUp();
    expect(follower.status().deepReorgs).toBe(1);
    expect(warnings.some((warning) => warning.startsWith('reorganisation deeper'))).toBe(true);
    expect(change(bob.id, ETH) - credited).toBe(parseAmount('4'));
    expect((await depositsOf(bob.id)).some((row) => row.tx_hash === again.hash && row.status === 1)).toBe(true);
    const cursor = await new ChainCursorRepository(app.db).get('erc20');
    expect(cursor!.height).toBe((await node.height()) - 5);
  });

  it('a restart mid-way neither misses nor repeats a deposit', async () => {
    await watcher().catchUp();
    const before = change(alice.id, ETH);
    const sent = [];
    for (let i = 1; i <= 4; i += 1) sent.push(await node.sendEth(alice.address, parseEther(`0.${i}`)));
    await node.mine(6);
    // a step through the second deposit's block, then the process "stops"
    const cursor = await new ChainCursorRepository(app.db).get('erc20');
    await watcher({ batchBlocks: sent[1]!.block - cursor!.height }).step();
    expect(change(alice.id, ETH) - before).toBe(parseAmount('0.3'));
    // a crash between the credits of a step and its cursor's move: the step is read again
    const crashing = watcher({ batchBlocks: 1 });
    const cursors = new ChainCursorRepository(app.db);
    const advance = cursors.advance.bind(cursors);
    let crashed = false;
    (crashing as unknown as { cursors: ChainCursorRepository }).cursors = Object.assign(cursors, {
      advance: async (...args: Parameters<ChainCursorRepository['advance']>) => {
        if (!crashed) {
          crashed = true;
          throw new Error('process ended');
        }
        return advance(...args);
      },
    });
    await expect(crashing.step()).rejects.toThrow('process ended');
    expect(change(alice.id, ETH) - before).toBe(parseAmount('0.6'));
    await watcher().catchUp();
    expect(change(alice.id, ETH) - before).toBe(parseAmount('1'));
    const rows = (await depositsOf(alice.id)).filter((row) => row.currency_id === ETH);
    expect(new Set(rows.map((row) => row.tx_hash)).size).toBe(rows.length);
  });

  it('shows how many confirmed blocks it is behind', async () => {
    const follower = watcher({ batchBlocks: 5 });
    await follower.catchUp();
    await node.mine(12);
    await follower.step();
    expect(follower.status()).toMatchObject({ network: 'erc20', confirmations: 6, behind: 7, failures: 0 });
    await follower.catchUp();
    expect(follower.status().behind).toBe(0);
  });
});

describeEachDatabase('EVM watcher in the server', (kind) => {
  let node: EvmNode;
  let app: TestApp;
  let token: Address;
  beforeAll(async () => {
    node = await startEvmNode();
    token = await node.deployToken(6, parseUnits('1000', 6));
    await node.mine(10);
    app = await createTestApp(kind, {
      env: { ETH_RPC_URL: node.url, ETH_USDT_CONTRACT: token, ETH_USDC_CONTRACT: 'off', ETH_CONFIRMATIONS: '3', CHAIN_POLL_MS: '100' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await node?.close();
  });

  it('follows the node from the block confirmed at its first run, credits deposits and shows its lag on /api/health', async () => {
    const api = apiClient(app);
    const user = await registerUser(api, 'carol-evm@example.com');
    const reply = await api.post<{ eth: string }>('wallet/get_in_address', { currency: 2 }, { token: user.token });
    await node.sendTokens(token, [{ to: getAddress(reply.body.message.eth), amount: parseUnits('12.5', 6) }]);
    await node.mine(2);
    const balance = () => app.core.read.balance({ userId: user.id, currencyId: USDT, wallet: 'change' }).available;
    for (let tries = 0; tries < 100 && balance() === 0n; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(balance()).toBe(parseAmount('12.5'));
    const health = await api.get<{ status: string; watchers: { network: string; behind: number; head: number; confirmations: number }[] }>('health');
    expect(health.body.message.status).toBe('ok');
    expect(health.body.message.watchers).toEqual([expect.objectContaining({ network: 'erc20', behind: 0, head: await node.height(), confirmations: 3 })]);
  });
});

describe('EVM watcher against a node that is down', () => {
  it('backs off and reports the failure', async () => {
    const { ChainFollower } = await import('../../src/modules/chains/follower');
    const faults: unknown[] = [];
    let calls = 0;
    const follower = new ChainFollower(
      { name: 'erc20', confirmations: 6, batchBlocks: 10, pollMs: 10, firstBackoffMs: 20, longestBackoffMs: 40 },
      {
        head: async () => {
          calls += 1;
          throw new Error('connect ECONNREFUSED');
        },
        hashAt: async () => undefined,
        read: async () => ({ blocks: [], outputs: [] }),
      },
      {} as ChainCursorRepository,
      async () => ({ applied: true, status: 1, credited: '0' }),
      { fault: (error) => faults.push(error), warn: () => {} },
    );
    follower.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await follower.stop();
    // waits of 20, 40, 40… ms: a handful of tries in 200 ms, not one per poll interval
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThanOrEqual(8);
    expect(follower.status()).toMatchObject({ failures: calls, error: 'connect ECONNREFUSED' });
  });
});
