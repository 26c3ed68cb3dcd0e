import type { ChainDeposit } from '../deposits/watcher';
import type { WatchedAddresses } from './cursor-repository';
import type { ChainBlock, ChainSource } from './follower';
import { fetchApi } from './http-json';

interface EsploraBlock {
  id: string;
  height: number;
  previousblockhash: string | null;
  tx_count: number;
}

interface EsploraTx {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
}

/** Esplora answers a block's transactions 25 at a time. */
const PAGE = 25;
const SATS_DECIMALS = 8;

/** Satoshis as decimal BTC text, exactly. */
export function satsToBtc(sats: number | bigint): string {
  const value = BigInt(sats);
  const whole = value / 100_000_000n;
  const fraction = (value % 100_000_000n).toString().padStart(SATS_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/**
 * Bitcoin over the Esplora HTTP API (mempool.space, Blockstream's explorer, or a self-hosted
 * electrs): each block's transactions, every output (by its index in the transaction) paying a
 * deposit address.
 */
export class EsploraSource implements ChainSource {
  constructor(
    private readonly baseUrl: string,
    private readonly currencyId: () => Promise<number | undefined>,
    private readonly watched: WatchedAddresses,
  ) {}

  async head(): Promise<number> {
    return Number(await fetchApi(`${this.baseUrl}/blocks/tip/height`));
  }

  async hashAt(height: number): Promise<string | undefined> {
    try {
      return (await fetchApi(`${this.baseUrl}/block-height/${height}`)).trim();
    } catch (error) {
      if (error instanceof Error && error.message.includes('HTTP 404')) return undefined;
      throw error;
    }
  }

  async read(from: number, to: number): Promise<{ blocks: ChainBlock[]; outputs: (ChainDeposit & { blockHash: string })[] }> {
    const currencyId = await this.currencyId();
    const watched = await this.watched.current();
    const blocks: ChainBlock[] = [];
    const outputs: (ChainDeposit & { blockHash: string })[] = [];
    for (let height = from; height <= to; height += 1) {
      const hash = await this.hashAt(height);
      if (!hash) throw new Error(`block ${height} not found`);
      const block = JSON.parse(await fetchApi(`${this.baseUrl}/block/${hash}`)) as EsploraBlock;
      blocks.push({ height: block.height, hash: block.id, parentHash: block.previousblockhash ?? '' });
      if (currencyId === undefined) continue;
      for (let start = 0; start < block.tx_count; start += PAGE) {
        const txs = JSON.parse(await fetchApi(`${this.baseUrl}/block/${hash}/txs/${start}`)) as EsploraTx[];
        for (const tx of txs) {
          tx.vout.forEach((output, index) => {
            if (!output.scriptpubkey_address || output.value <= 0 || !watched.has(output.scriptpubkey_address)) return;
            outputs.push({
              network: 'btc',
              address: output.scriptpubkey_address,
              currencyId,
              txHash: tx.txid,
              outputIndex: index,
              amount: satsToBtc(output.value),
              blockHash: block.id,
            });
          });
        }
      }
    }
    return { blocks, outputs };
  }
}
