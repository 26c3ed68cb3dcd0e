import { createInterface } from 'node:readline/promises';
import { getAddress, parseGwei, type Address } from 'viem';
import { evmClient } from '../modules/chains/evm-source';
import { executeSweep, planSweep } from '../modules/chains/sweep';

/**
 * `npm run sweep -- --network eth --to 0x… [--asset eth|usdt|usdc|0x<contract>] [--rpc URL]
 * [--from 1] [--count 1000] [--max-fee-gwei 50] [--tip-gwei 1] [--yes]`: run on an operator's
 * own machine. Reads the account's extended private key (the xprv of m/44'/60'/0' whose xpub the
 * server has as DEPOSIT_XPUB_ETH) from SWEEP_ACCOUNT_KEY or, when unset, from standard input; the
 * server never sees it. Prints every transfer it will make, asks before signing (unless --yes).
 */
const KNOWN_TOKENS: Record<string, Address> = {
  usdt: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
};

/** One line from standard input; '' when it ends first (no terminal, an empty pipe). */
async function ask(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  const closed = new Promise<string>((resolve) => prompt.once('close', () => resolve('')));
  const answer = await Promise.race([prompt.question(question), closed]);
  prompt.close();
  return answer;
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const usage = 'usage: npm run sweep -- --network eth --to <address> [--asset eth|usdt|usdc|<contract>] [--rpc <url>] [--from 1] [--count 1000] [--max-fee-gwei 50] [--tip-gwei 1] [--yes]';

const network = option('network');
const to = option('to');
const rpc = option('rpc') ?? process.env.ETH_RPC_URL;
if (network !== 'eth') {
  console.error(network ? `sweep: network ${network} is not supported yet (eth only); move BTC and TRON funds with the custody wallet` : usage);
  process.exit(2);
}
if (!to || !/^0x[0-9a-fA-F]{40}$/.test(to) || !rpc) {
  console.error(usage);
  process.exit(2);
}
const asset = (option('asset') ?? 'eth').toLowerCase();
const token = asset === 'eth' ? undefined : (KNOWN_TOKENS[asset] ?? (/^0x[0-9a-f]{40}$/.test(asset) ? getAddress(asset) : undefined));
if (asset !== 'eth' && !token) {
  console.error(`sweep: unknown asset ${asset}`);
  process.exit(2);
}

let accountKey = process.env.SWEEP_ACCOUNT_KEY;
if (!accountKey) {
  accountKey = await ask('account extended private key (xprv of m/44\'/60\'/0\'): ');
}

const client = evmClient(rpc);
const options = {
  accountKey,
  to: getAddress(to),
  token,
  fromIndex: Number(option('from') ?? 1),
  count: Number(option('count') ?? 1000),
  maxFeePerGas: parseGwei(option('max-fee-gwei') ?? '50'),
  maxPriorityFeePerGas: parseGwei(option('tip-gwei') ?? '1'),
};
const steps = await planSweep(client, options);
if (steps.length === 0) {
  console.log('nothing to sweep: no funded deposit address among those indexes');
  process.exit(0);
}
console.log(`plan (${steps.length} transactions, fee cap ${option('max-fee-gwei') ?? '50'} gwei):`);
for (const step of steps) console.log(`  ${step.kind.padEnd(8)} #${step.index} ${step.from} → ${step.to}: ${step.amount} ${step.asset}`);
if (!args.includes('--yes')) {
  const answer = await ask('sign and send these? type yes: ');
  if (answer.trim() !== 'yes') {
    console.log('nothing sent');
    process.exit(1);
  }
}
const hashes = await executeSweep(client, options, steps);
for (const hash of hashes) console.log(`sent ${hash}`);
