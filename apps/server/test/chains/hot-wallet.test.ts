import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseGwei, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { runAudit } from '../../src/core/audit';
import { loadConfig } from '../../src/config';
import { productionEnv } from '../support/production-env';
import { parseAmount } from '../../src/core/amount';
import { evmClient } from '../../src/modules/chains/evm-source';
import { HotWalletRepository } from '../../src/modules/chains/hot-wallet-repository';
import { HotWalletSender, type HotWalletPolicy } from '../../src/modules/chains/hot-wallet-sender';
import { apiClient } from '../support/client';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { GANACHE_KEYS, startEvmNode, type EvmNode } from '../support/evm-node';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

const USDT = 3;

/** A withdrawal as the user's records show it: status 2 approved, 3 paid. */
interface Record {
  id: number;
  status: number;
  tx_hash: string;
  number: string;
}

describeEachDatabase('hot-wallet sender on a real node', (kind) => {
  let node: EvmNode;
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let operator: ReturnType<typeof operatorCall>;
  let user: { token: string; id: number };
  let token: Address;
  let now = new Date('2026-11-27T10:00:00Z');
  const hot = privateKeyToAccount(GANACHE_KEYS[1]);
  const receiver = getAddress('0x2222222222222222222222222222222222222222');
  const warnings: string[] = [];

  const policy: HotWalletPolicy = {
    privateKey: GANACHE_KEYS[1],
    autoSend: true,
    maxWithdrawalUsdt: parseAmount('500'),
    dayLimitUsdt: parseAmount('150'),
    maxFeePerGasWei: parseGwei('100'),
    priorityFeeWei: parseGwei('1'),
    stuckAfterMs: 60_000,
    confirmations: 3,
  };
  const sender = (changes: Partial<HotWalletPolicy> = {}) =>
    new HotWalletSender(
      evmClient(node.url),
      app.core,
      new HotWalletRepository(app.db),
      async () => ({ nativeCurrencyId: 2, tokens: [{ contract: token, currencyId: USDT }] }),
      { ...policy, ...changes },
      () => now,
      { warn: (message) => warnings.push(message) },
    );
  const withdraw = async (amount: string) => {
    const reply = await api.post<string>('wallet/out', { currency: 3, number: amount, address: receiver, active: '0', pay_password: '123456' }, { token: user.token });
    expect(reply.body.type).toBe('ok');
    const record = await latest();
    expect((await operator('POST', `/withdrawals/${record.id}/approve`, {})).body).toEqual({ applied: true, status: 'approved' });
    return record.id;
  };
  const latest = async () => (await api.post<{ list: Record[] }>('wallet/out_log', {}, { token: user.token })).body.message.list[0]!;
  const recordOf = async (id: number) => (await api.post<{ list: Record[] }>('wallet/out_log', {}, { token: user.token })).body.message.list.find((row) => row.id === id)!;
  const received = () => node.tokenBalance(token, receiver);
  const rpc = (method: string, params: unknown[] = []) => node.client.request({ method, params } as never);

  beforeAll(async () => {
    node = await startEvmNode();
    token = await node.deployToken(6, parseUnits('1000000', 6));
    await node.sendTokens(token, [{ to: hot.address, amount: parseUnits('10000', 6) }]);
    app = await createTestApp(kind);
    api = apiClient(app);
    operator = operatorCall(app, await operatorToken(app));
    user = await registerUser(api, 'hot-wallet-user@example.com');
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: user.token });
    await app.core.execute({ kind: 'adjust', key: 'fund:hot-wallet-user', userId: user.id, currencyId: USDT, wallet: 'change', amount: parseAmount('2000'), reason: 'deposit', reference: 'test' });
  });
  afterAll(async () => {
    expect((await runAudit(app.db)).ok).toBe(true);
    await app?.close();
    await node?.close();
  });

  it('sends an approved withdrawal, records its hash in the user’s records, and marks it paid after the confirmations', async () => {
    const id = await withdraw('100');
    await sender({ autoSend: false }).step();
    expect((await recordOf(id)).tx_hash).toBe('');
    await sender().step();
    const sent = await recordOf(id);
    expect(sent.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sent.status).toBe(2);
    expect(await received()).toBe(parseUnits('99', 6));
    await node.mine(1);
    await sender().step();
    expect((await recordOf(id)).status).toBe(2);
    await node.mine(1);
    await sender().step();
    expect(await recordOf(id)).toMatchObject({ status: 3, tx_hash: sent.tx_hash });
    expect(app.core.read.balance({ userId: user.id, currencyId: USDT, wallet: 'change' })).toEqual({ available: parseAmount('1900'), locked: 0n });
  });

  it('leaves a withdrawal above the per-withdrawal limit, or past the day’s limit, to the operators', async () => {
    const large = await withdraw('600');
    const pastDay = await withdraw('60');
    await sender().step();
    expect((await recordOf(large)).tx_hash).toBe('');
    expect((await recordOf(pastDay)).tx_hash).toBe('');
    expect(await received()).toBe(parseUnits('99', 6));
    // the operators send them by hand: recorded as before
    expect((await operator('POST', `/withdrawals/${large}/chain-failure`, { note: 'too large for the hot wallet' })).body).toMatchObject({ status: 'failed' });
    expect((await operator('POST', `/withdrawals/${pastDay}/chain-failure`, { note: 'later' })).body).toMatchObject({ status: 'failed' });
  });

  it('replaces a stuck transaction with the same nonce and higher fees; only one is mined', async () => {
    now = new Date('2026-11-28T10:00:00Z');
    await rpc('miner_stop');
    const id = await withdraw('30');
    await sender().step();
    const first = (await recordOf(id)).tx_hash;
    expect(first).not.toBe('');
    now = new Date(now.getTime() + 61_000);
    await sender().step();
    const second = (await recordOf(id)).tx_hash;
    expect(second).not.toBe(first);
    const [row] = await app.db.query<{ tx_hashes: string }>('select tx_hashes from hot_wallet_sends where withdrawal_id = $1', [id]);
    expect(row!.tx_hashes).toBe(`${first},${second}`);
    await rpc('miner_start');
    await node.mine(3);
    await sender().step();
    expect(await recordOf(id)).toMatchObject({ status: 3, tx_hash: second });
    expect(await received()).toBe(parseUnits('128', 6));
  });

  it('returns a dropped transaction to the operators’ queue without paying twice', async () => {
    now = new Date('2026-11-29T10:00:00Z');
    await rpc('miner_stop');
    const id = await withdraw('40');
    await sender().step();
    const [send] = await app.db.query<{ nonce: number }>('select nonce::int as nonce from hot_wallet_sends where withdrawal_id = $1', [id]);
    // another transaction of the hot wallet takes the nonce (an operator's own, with higher fees)
    const raw = await hot.signTransaction({ chainId: 1337, nonce: send!.nonce, to: hot.address, value: 0n, gas: 21_000n, maxFeePerGas: parseGwei('90'), maxPriorityFeePerGas: parseGwei('50'), type: 'eip1559' });
    await rpc('eth_sendRawTransaction', [raw as Hex]);
    await rpc('miner_start');
    await node.mine(3);
    await sender().step();
    expect(await recordOf(id)).toMatchObject({ status: 2, tx_hash: '' });
    expect(warnings.some((warning) => warning.includes('back to the operators'))).toBe(true);
    now = new Date(now.getTime() + 3_600_000);
    await sender().step();
    await node.mine(3);
    await sender().step();
    expect(await recordOf(id)).toMatchObject({ status: 2, tx_hash: '' });
    expect(await received()).toBe(parseUnits('128', 6));
    const [after] = await app.db.query<{ status: string }>('select status from hot_wallet_sends where withdrawal_id = $1', [id]);
    expect(after!.status).toBe('returned');
    expect((await operator('POST', `/withdrawals/${id}/chain-failure`, { note: 'dropped' })).body).toMatchObject({ status: 'failed' });
  });

  it('runs one pass at a time: two asked for at once send the withdrawal once, neither fails', async () => {
    now = new Date('2026-11-30T10:00:00Z');
    const id = await withdraw('10');
    const one = sender();
    await Promise.all([one.step(), one.step()]);
    const rows = await app.db.query<{ withdrawal_id: number }>('select withdrawal_id::int as withdrawal_id from hot_wallet_sends where withdrawal_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect((await recordOf(id)).tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await received()).toBe(parseUnits('137', 6));
  });
});

describeEachDatabase('hot wallet in the server', (kind) => {
  let node: EvmNode;
  let app: TestApp;
  beforeAll(async () => {
    node = await startEvmNode();
    await node.mine(3);
    app = await createTestApp(kind, {
      env: { ETH_RPC_URL: node.url, ETH_USDT_CONTRACT: 'off', ETH_USDC_CONTRACT: 'off', ETH_CONFIRMATIONS: '2', CHAIN_POLL_MS: '100', HOT_WALLET_KEY: GANACHE_KEYS[2], HOT_WALLET_AUTO_SEND: 'on', HOT_WALLET_MAX_WITHDRAWAL_USDT: '1000000', HOT_WALLET_DAY_LIMIT_USDT: '1000000' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await node?.close();
  });

  it('sends an approved USDT-valued withdrawal by itself when switched on', async () => {
    const api = apiClient(app);
    const operator = operatorCall(app, await operatorToken(app));
    const user = await registerUser(api, 'hot-wallet-server@example.com');
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: user.token });
    await app.core.execute({ kind: 'adjust', key: 'fund:hot-wallet-server', userId: user.id, currencyId: 2, wallet: 'change', amount: parseAmount('5'), reason: 'deposit', reference: 'test' });
    const target = getAddress('0x4444444444444444444444444444444444444444');
    expect((await api.post<string>('wallet/out', { currency: 2, number: '1', address: target, pay_password: '123456' }, { token: user.token })).body.type).toBe('ok');
    const records = async () => (await api.post<{ list: Record[] }>('wallet/out_log', {}, { token: user.token })).body.message.list[0]!;
    const [valued] = await app.db.query<{ usdt_value: string | null }>('select usdt_value::text from withdrawals where user_id = $1', [user.id]);
    expect((await operator('POST', `/withdrawals/${(await records()).id}/approve`, {})).body).toMatchObject({ status: 'approved' });
    expect(valued?.usdt_value).toMatch(/^\d/);
    for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await records()).tx_hash === ''; ) await new Promise((resolve) => setTimeout(resolve, 100));
    const hash = (await records()).tx_hash as Hex;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // the hash is recorded before the broadcast: blocks mined before the node has the transaction
    // would not confirm it, so the test waits for its block first (on a loaded machine it comes later)
    const mined = async () => node.client.getTransactionReceipt({ hash }).then(() => true, () => false);
    for (const deadline = Date.now() + 20_000; Date.now() < deadline && !(await mined()); ) await new Promise((resolve) => setTimeout(resolve, 100));
    await node.mine(1);
    // the loop's next pass settles it: paid in the user's records, the frozen amount gone from the wallet
    for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await records()).status !== 3; ) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await records()).toMatchObject({ status: 3, tx_hash: hash });
    expect(app.core.read.balance({ userId: user.id, currencyId: 2, wallet: 'change' })).toEqual({ available: parseAmount('4'), locked: 0n });
    const [send] = await app.db.query<{ status: string }>('select status from hot_wallet_sends');
    expect(send!.status).toBe('confirmed');
    expect(await node.client.getBalance({ address: target })).toBeGreaterThan(0n);
  });
});

describe('hot-wallet settings', () => {
  it('production refuses to start with automatic sending on and no key; off needs none', () => {
    const node = { ETH_RPC_URL: 'http://127.0.0.1:8545' };
    expect(() => loadConfig({ ...productionEnv(), ...node, HOT_WALLET_AUTO_SEND: 'on' })).toThrow(/HOT_WALLET_AUTO_SEND: automatic sending is on without HOT_WALLET_KEY/);
    expect(loadConfig({ ...productionEnv(), ...node, HOT_WALLET_AUTO_SEND: 'on', HOT_WALLET_KEY: GANACHE_KEYS[2] }).HOT_WALLET_AUTO_SEND).toBe(true);
    expect(loadConfig({ ...productionEnv(), ...node }).HOT_WALLET_AUTO_SEND).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'test', HOT_WALLET_AUTO_SEND: 'on', HOT_WALLET_KEY: GANACHE_KEYS[2] })).toThrow(/needs HOT_WALLET_KEY and ETH_RPC_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', HOT_WALLET_KEY: 'not-a-key' })).toThrow(/HOT_WALLET_KEY/);
  });
});
