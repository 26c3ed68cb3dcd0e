import { formatUnits } from 'viem';
import type { ChainDeposit } from '../deposits/watcher';
import { base58check, TRON_ADDRESS_PREFIX } from '../deposits/chain/encoding';
import type { WatchedAddresses } from './cursor-repository';
import type { ChainBlock, ChainSource } from './follower';
import { fetchApi } from './http-json';

/** keccak256("Transfer(address,address,uint256)") */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

interface TronBlock {
  blockID: string;
  block_header: { raw_data: { number: number; parentHash: string } };
}

interface TronTxInfo {
  id: string;
  blockNumber: number;
  receipt?: { result?: string };
  log?: { address: string; topics: string[]; data: string }[];
}

/** A TRON address (T…) from the 20 bytes of an account, as hex. */
export function tronAddress(hex20: string): string {
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_ADDRESS_PREFIX;
  bytes.set(Buffer.from(hex20, 'hex'), 1);
  return base58check.encode(bytes);
}

/** The 20 bytes of a TRON address, as lower-case hex (the form logs name contracts in). */
export function tronHex(address: string): string {
  return Buffer.from(base58check.decode(address).slice(1)).toString('hex');
}

export interface TronToken {
  contract: string;
  currencyId: number;
  decimals: number;
}

/**
 * TRON over the TronGrid-compatible full-node HTTP API (`/wallet/getnowblock`,
 * `/wallet/getblockbynum`, `/wallet/gettransactioninfobyblocknum`): TRC-20 `Transfer` events of
 * the followed contracts paying a deposit address, one output per event (its index among the
 * transaction's logs). A transaction whose execution failed moved nothing and is skipped.
 */
export class TronGridSource implements ChainSource {
  constructor(
    private readonly baseUrl: string,
    private readonly tokens: () => Promise<TronToken[]>,
    private readonly watched: WatchedAddresses,
    private readonly apiKey?: string,
  ) {}

  async head(): Promise<number> {
    return (await this.post<TronBlock>('/wallet/getnowblock', {})).block_header.raw_data.number;
  }

  async hashAt(height: number): Promise<string | undefined> {
    const block = await this.post<Partial<TronBlock>>('/wallet/getblockbynum', { num: height });
    return block.blockID;
  }

  async read(from: number, to: number): Promise<{ blocks: ChainBlock[]; outputs: (ChainDeposit & { blockHash: string })[] }> {
    const tokens = new Map((await this.tokens()).map((token) => [tronHex(token.contract), token]));
    const watched = await this.watched.current();
    const blocks: ChainBlock[] = [];
    const outputs: (ChainDeposit & { blockHash: string })[] = [];
    for (let height = from; height <= to; height += 1) {
      const block = await this.post<Partial<TronBlock>>('/wallet/getblockbynum', { num: height });
      if (!block.blockID || !block.block_header) throw new Error(`block ${height} not found`);
      blocks.push({ height, hash: block.blockID, parentHash: block.block_header.raw_data.parentHash });
      const infos = await this.post<TronTxInfo[]>('/wallet/gettransactioninfobyblocknum', { num: height });
      for (const info of Array.isArray(infos) ? infos : []) {
        if (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS') continue;
        (info.log ?? []).forEach((log, index) => {
          const token = tokens.get(log.address.toLowerCase().replace(/^41/, ''));
          if (!token || log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return;
          const receiver = tronAddress(log.topics[2]!.slice(-40));
          const value = BigInt(`0x${log.data || '0'}`);
          if (value <= 0n || !watched.has(receiver)) return;
          outputs.push({
            network: 'trc20',
            address: receiver,
            currencyId: token.currencyId,
            txHash: info.id,
            outputIndex: index,
            amount: formatUnits(value, token.decimals),
            blockHash: block.blockID!,
          });
        });
      }
    }
    return { blocks, outputs };
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    return JSON.parse(await fetchApi(`${this.baseUrl}${path}`, { method: 'POST', body, headers: this.apiKey ? { 'TRON-PRO-API-KEY': this.apiKey } : {} })) as T;
  }
}
