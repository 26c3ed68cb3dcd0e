import { createPublicClient, formatUnits, getAddress, http, parseAbiItem, type Address, type PublicClient } from 'viem';
import type { ChainDeposit } from '../deposits/watcher';
import type { WatchedAddresses } from './cursor-repository';
import type { ChainBlock, ChainSource } from './follower';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const DECIMALS = parseAbiItem('function decimals() view returns (uint8)');

/** A token the EVM watcher follows: its contract and the currency its transfers credit. */
export interface EvmToken {
  contract: string;
  currencyId: number;
  /** the token's decimals; read from the contract when not given */
  decimals?: number;
}

export interface EvmAssets {
  /** the currency of the chain's own coin (ETH); undefined: native transfers are not followed */
  nativeCurrencyId: number | undefined;
  tokens: EvmToken[];
}

/** The output index of a transaction's own value (a transaction to an account emits no log of its own). */
export const NATIVE_OUTPUT_INDEX = 0;

/** An Ethereum JSON-RPC client as the watcher and the sender use it: batched, no retry of its own. */
export function evmClient(rpcUrl: string, timeoutMs = 20_000): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 100, wait: 0 }, retryCount: 0, timeout: timeoutMs }) });
}

/**
 * An EVM network over JSON-RPC: native transfers from the blocks' transactions (a transaction
 * whose `to` is a deposit address and whose value is above zero) and token transfers from the
 * `Transfer` logs of the followed contracts (`eth_getLogs` by contract and topic), matched with
 * the deposit addresses here rather than at the node (there are too many to filter by topic).
 */
export class EvmSource implements ChainSource {
  private resolved: { native: number | undefined; tokens: Map<string, { currencyId: number; decimals: number }> } | undefined;

  constructor(
    private readonly client: PublicClient,
    private readonly network: 'erc20',
    private readonly assets: () => Promise<EvmAssets>,
    private readonly watched: WatchedAddresses,
  ) {}

  async head(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  async hashAt(height: number): Promise<string | undefined> {
    try {
      const block = await this.client.getBlock({ blockNumber: BigInt(height) });
      return block.hash ?? undefined;
    } catch (error) {
      if (error instanceof Error && error.name === 'BlockNotFoundError') return undefined;
      throw error;
    }
  }

  async read(from: number, to: number): Promise<{ blocks: ChainBlock[]; outputs: (ChainDeposit & { blockHash: string })[] }> {
    const assets = await this.resolve();
    const watched = await this.watched.current();
    const heights = Array.from({ length: to - from + 1 }, (_, index) => BigInt(from + index));
    const tokenContracts = [...assets.tokens.keys()] as Address[];
    const [blocks, logs] = await Promise.all([
      Promise.all(heights.map((blockNumber) => this.client.getBlock({ blockNumber, includeTransactions: assets.native !== undefined }))),
      tokenContracts.length === 0
        ? Promise.resolve([])
        : this.client.getLogs({ address: tokenContracts, event: TRANSFER, fromBlock: BigInt(from), toBlock: BigInt(to) }),
    ]);
    // each output's place in the chain: block, transaction, then the native value before the logs in log order
    const outputs: (ChainDeposit & { blockHash: string; order: readonly number[] })[] = [];
    for (const block of blocks) {
      if (assets.native === undefined) break;
      for (const transaction of block.transactions) {
        if (typeof transaction === 'string' || !transaction.to || transaction.value <= 0n) continue;
        if (!watched.has(transaction.to.toLowerCase())) continue;
        outputs.push({
          network: this.network,
          address: getAddress(transaction.to),
          currencyId: assets.native,
          txHash: transaction.hash,
          outputIndex: NATIVE_OUTPUT_INDEX,
          amount: formatUnits(transaction.value, 18),
          blockHash: block.hash ?? '',
          order: [Number(block.number), transaction.transactionIndex ?? 0, -1],
        });
      }
    }
    for (const log of logs) {
      const token = assets.tokens.get(log.address.toLowerCase());
      const receiver = log.args.to;
      if (!token || log.removed || !receiver || log.args.value === undefined || log.args.value <= 0n) continue;
      if (!watched.has(receiver.toLowerCase())) continue;
      outputs.push({
        network: this.network,
        address: getAddress(receiver),
        currencyId: token.currencyId,
        txHash: log.transactionHash,
        outputIndex: log.logIndex,
        amount: formatUnits(log.args.value, token.decimals),
        blockHash: log.blockHash,
        order: [Number(log.blockNumber), log.transactionIndex, log.logIndex],
      });
    }
    outputs.sort((a, b) => compareChainOrder(a.order, b.order));
    return {
      blocks: blocks.map((block) => ({ height: Number(block.number), hash: block.hash ?? '', parentHash: block.parentHash })),
      outputs: outputs.map(({ order: _order, ...output }) => output),
    };
  }

  /** The assets as configured, each token's decimals read from its contract once. */
  private async resolve() {
    if (this.resolved) return this.resolved;
    const assets = await this.assets();
    const tokens = new Map<string, { currencyId: number; decimals: number }>();
    for (const token of assets.tokens) {
      const decimals =
        token.decimals ?? Number(await this.client.readContract({ address: getAddress(token.contract), abi: [DECIMALS], functionName: 'decimals' }));
      tokens.set(token.contract.toLowerCase(), { currencyId: token.currencyId, decimals });
    }
    this.resolved = { native: assets.nativeCurrencyId, tokens };
    return this.resolved;
  }
}

/** Compares two places in the chain field by field (a packed number loses the log index at today's block heights). */
function compareChainOrder(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
