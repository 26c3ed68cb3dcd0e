/**
 * `npm run bench:chains`: the EVM deposit watcher against a real node (Ganache on a loopback port).
 * - Catch-up: 100,000 watched ERC-20 addresses, 1,000 deposits (ETH transfers, and token
 *   transfers several to a transaction) over about a thousand blocks; the watcher reads them
 *   from its cursor with the confirmations of production (6). Printed: blocks a second and
 *   deposits credited (goal: all of them, each once).
 * - Credit latency: from the block that gives a deposit its sixth confirmation to the credit in
 *   the user's balance, with the watcher polling every CHAIN_POLL_MS (here 200 ms); median and
 *   95th percentile over 20 deposits.
 */
import { performance } from 'node:perf_hooks';
import { getAddress, parseEther, parseUnits, type Address } from 'viem';
import { evmClient } from '../src/modules/chains/evm-source';
import { createEvmWatcher } from '../src/modules/chains/evm-watcher';
import { createTestApp } from '../test/support/test-app';
import { startEvmNode } from '../test/support/evm-node';

const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 100_000);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 1_000);
const LATENCY_SAMPLES = 20;
const POLL_MS = 200;
const ETH = 2;
const USDT = 3;

const node = await startEvmNode();
const app = await createTestApp('pglite');
const token = await node.deployToken(6, parseUnits('100000000', 6));

let started = performance.now();
await app.db.query(`insert into users (account, password_hash, extension_code) select 'chainbench' || g, '!', 'C' || g from generate_series(1, $1::int) g`, [ADDRESSES]);
// addresses of the derived form (20 bytes): what matters here is how many the watcher tests outputs against
await app.db.query(
  `insert into deposit_addresses (user_id, network, address, derivation_index)
   select id, 'erc20', '0x' || substr(md5(id::text), 1, 32) || substr(md5((id * 7919)::text), 1, 8), id from users where account like 'chainbench%'`,
);
const watched = await app.db.query<{ user_id: number; address: string }>(`select user_id, address from deposit_addresses where network = 'erc20' order by user_id limit $1`, [DEPOSITS + LATENCY_SAMPLES]);
console.log(`setup: ${ADDRESSES.toLocaleString('en')} watched addresses in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// half the deposits ETH (a transaction and a block each), half token transfers 25 to a transaction
started = performance.now();
const ethDeposits = Math.floor(DEPOSITS / 2);
const first = await node.height();
for (let index = 0; index < ethDeposits; index += 1) await node.sendEth(getAddress(watched[index]!.address), parseEther('0.01'));
for (let index = ethDeposits; index < DEPOSITS; index += 25) {
  const batch = watched.slice(index, Math.min(index + 25, DEPOSITS)).map((row) => ({ to: getAddress(row.address) as Address, amount: parseUnits('10', 6) }));
  await node.sendTokens(token, batch);
}
await node.mine(Math.max(0, 1000 - ((await node.height()) - first)) + 5);
const head = await node.height();
console.log(`chain: ${DEPOSITS.toLocaleString('en')} deposits, ${head - first} blocks made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const watcher = createEvmWatcher(
  app.db,
  {
    client: evmClient(node.url),
    assets: async () => ({ nativeCurrencyId: ETH, tokens: [{ contract: token, currencyId: USDT }] }),
    confirmations: 6,
    startHeight: first,
    batchBlocks: 50,
    pollMs: POLL_MS,
  },
  (deposit) => app.services.deposits.creditChainDeposit(deposit),
  { fault: (error) => console.error('watcher fault', error), warn: (message) => console.error(message) },
);
started = performance.now();
const blocks = await watcher.catchUp();
const catchUpS = (performance.now() - started) / 1000;
const [credited] = await app.db.query<{ n: number }>(`select count(*)::int as n from deposit_requests where source = 'chain' and status = 1`);
console.log(`catch-up: ${blocks} blocks in ${catchUpS.toFixed(2)} s = ${(blocks / catchUpS).toFixed(1)} blocks/s; ${credited?.n} of ${DEPOSITS} deposits credited`);

// credit latency: the watcher runs as in the server, the deposit's sixth confirmation is mined, then the balance is watched
watcher.start();
const latencies: number[] = [];
for (let sample = 0; sample < LATENCY_SAMPLES; sample += 1) {
  const row = watched[DEPOSITS + sample]!;
  await node.sendEth(getAddress(row.address), parseEther('0.02'));
  await node.mine(4);
  const balance = () => app.core.read.balance({ userId: row.user_id, currencyId: ETH, wallet: 'change' }).available;
  const confirming = performance.now();
  await node.mine(1);
  while (balance() === 0n) await new Promise((resolve) => setTimeout(resolve, 5));
  latencies.push(performance.now() - confirming);
}
await watcher.stop();
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(0);
console.log(`credit latency from the confirming block (poll ${POLL_MS} ms): median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);

await app.close();
await node.close();
