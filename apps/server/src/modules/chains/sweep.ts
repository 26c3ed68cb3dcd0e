import { HDKey } from '@scure/bip32';
import { encodeFunctionData, formatUnits, getAddress, parseAbiItem, toHex, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

const TRANSFER = parseAbiItem('function transfer(address to, uint256 value) returns (bool)');
const BALANCE_OF = parseAbiItem('function balanceOf(address owner) view returns (uint256)');
const DECIMALS = parseAbiItem('function decimals() view returns (uint8)');

/** Gas of a plain transfer, and what a token transfer is allowed (USDT's costs about 63,000). */
const ETH_GAS = 21_000n;
const TOKEN_GAS = 100_000n;

export interface SweepOptions {
  /** the account-level extended PRIVATE key (xprv of m/44'/60'/0'), given at run time only */
  accountKey: string;
  to: Address;
  /** undefined: ETH itself; else the token contract */
  token?: Address | undefined;
  /** deposit indexes looked at: users' ids (index 0, the company address, pays the gas of token sweeps) */
  fromIndex: number;
  count: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface SweepStep {
  kind: 'fund gas' | 'sweep';
  index: number;
  from: Address;
  to: Address;
  /** what moves, in the asset's units (wei for gas top-ups) as text */
  amount: string;
  asset: string;
  signer: PrivateKeyAccount;
  value: bigint;
}

/** The deposit key at <account>/0/index, as the server derives the address from the xpub. */
export function depositAccount(accountKey: HDKey, index: number): PrivateKeyAccount {
  const child = accountKey.deriveChild(0).deriveChild(index);
  if (!child.privateKey) throw new Error('the key given is not a private key');
  return privateKeyToAccount(toHex(child.privateKey));
}

/** Reads the account key: an xprv at depth 3 (m/44'/60'/0'). */
export function parseAccountKey(text: string): HDKey {
  const key = HDKey.fromExtendedKey(text.trim());
  if (!key.privateKey) throw new Error('an extended PRIVATE key (xprv…) is needed to sign sweeps');
  if (key.depth !== 3) throw new Error(`the key is at depth ${key.depth}; give the account key of m/44'/60'/0' (depth 3)`);
  return key;
}

/**
 * What a sweep will do: every funded deposit address among the indexes, its whole balance to
 * `to` (ETH less the transfer's gas at the fee cap); for a token, the gas each address lacks
 * first sent from the company address (index 0).
 */
export async function planSweep(client: PublicClient, options: SweepOptions): Promise<SweepStep[]> {
  const account = parseAccountKey(options.accountKey);
  const payer = depositAccount(account, 0);
  const steps: SweepStep[] = [];
  const decimals = options.token ? Number(await client.readContract({ address: options.token, abi: [DECIMALS], functionName: 'decimals' })) : 18;
  const asset = options.token ? `token ${options.token}` : 'ETH';
  for (let index = options.fromIndex; index < options.fromIndex + options.count; index += 1) {
    const signer = depositAccount(account, index);
    const eth = await client.getBalance({ address: signer.address });
    if (!options.token) {
      const value = eth - ETH_GAS * options.maxFeePerGas;
      if (value > 0n) steps.push({ kind: 'sweep', index, from: signer.address, to: options.to, amount: formatUnits(value, 18), asset, signer, value });
      continue;
    }
    const balance = (await client.readContract({ address: options.token, abi: [BALANCE_OF], functionName: 'balanceOf', args: [signer.address] })) as bigint;
    if (balance <= 0n) continue;
    const gas = TOKEN_GAS * options.maxFeePerGas;
    if (eth < gas) steps.push({ kind: 'fund gas', index: 0, from: payer.address, to: signer.address, amount: formatUnits(gas - eth, 18), asset: 'ETH', signer: payer, value: gas - eth });
    steps.push({ kind: 'sweep', index, from: signer.address, to: options.to, amount: formatUnits(balance, decimals), asset, signer, value: balance });
  }
  return steps;
}

/** Signs and broadcasts the plan: gas top-ups first (each waited for), then the sweeps. Answers the hashes. */
export async function executeSweep(client: PublicClient, options: SweepOptions, steps: SweepStep[]): Promise<Hex[]> {
  const chainId = await client.getChainId();
  const nonces = new Map<Address, number>();
  const nextNonce = async (address: Address) => {
    const nonce = nonces.get(address) ?? (await client.getTransactionCount({ address, blockTag: 'pending' }));
    nonces.set(address, nonce + 1);
    return nonce;
  };
  const fees = { maxFeePerGas: options.maxFeePerGas, maxPriorityFeePerGas: options.maxPriorityFeePerGas, type: 'eip1559' as const, chainId };
  const hashes: Hex[] = [];
  const send = async (step: SweepStep) => {
    const nonce = await nextNonce(step.from);
    const raw =
      step.kind === 'sweep' && options.token
        ? await step.signer.signTransaction({ ...fees, nonce, to: options.token, gas: TOKEN_GAS, data: encodeFunctionData({ abi: [TRANSFER], functionName: 'transfer', args: [step.to, step.value] }) })
        : await step.signer.signTransaction({ ...fees, nonce, to: getAddress(step.to), gas: ETH_GAS, value: step.value });
    const hash = await client.sendRawTransaction({ serializedTransaction: raw });
    hashes.push(hash);
    return hash;
  };
  const funding = await Promise.all(steps.filter((step) => step.kind === 'fund gas').map(send));
  for (const hash of funding) await client.waitForTransactionReceipt({ hash, pollingInterval: 500 });
  for (const step of steps.filter((item) => item.kind === 'sweep')) await send(step);
  return hashes;
}
