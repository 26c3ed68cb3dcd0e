import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import esploraBlock from './fixtures/esplora/block.json' with { type: 'json' };
import esploraTx from './fixtures/esplora/tx.json' with { type: 'json' };
import tronBlock from './fixtures/trongrid/block.json' with { type: 'json' };
import tronTxInfo from './fixtures/trongrid/transaction-info.json' with { type: 'json' };
import { tronHex } from '../../src/modules/chains/trongrid-source';
import { freePort } from './free-port';

export interface FakeOutput {
  address: string;
  /** satoshis (BTC) or token atoms (TRC-20) */
  value: bigint;
}

export interface FakeBlock {
  height: number;
  hash: string;
  parent: string;
  txs: { id: string; outputs: FakeOutput[] }[];
}

let salt = 0;
const hex = (text: string) => createHash('sha256').update(`${text}:${salt++}`).digest('hex');

/** A chain the test writes: blocks mined on demand, the top ones replaced for a reorganisation. */
export class FakeChain {
  readonly blocks: FakeBlock[] = [];

  constructor() {
    this.mine();
  }

  get height(): number {
    return this.blocks.length - 1;
  }

  /** Mines a block with these transactions (each a list of outputs); answers their ids. */
  mine(txs: FakeOutput[][] = []): string[] {
    const height = this.blocks.length;
    const block: FakeBlock = { height, hash: hex(`block${height}`), parent: this.blocks.at(-1)?.hash ?? '0'.repeat(64), txs: txs.map((outputs) => ({ id: hex('tx'), outputs })) };
    this.blocks.push(block);
    return block.txs.map((tx) => tx.id);
  }

  mineEmpty(count: number): void {
    for (let i = 0; i < count; i += 1) this.mine();
  }

  /** Drops every block from `height` up: the next mined ones replace them. */
  dropFrom(height: number): void {
    this.blocks.splice(height);
  }
}

function listen(handler: (method: string, path: string, body: Record<string, unknown>) => { status: number; body: unknown }): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const answer = handler(request.method ?? 'GET', request.url ?? '/', text ? (JSON.parse(text) as Record<string, unknown>) : {});
        response.writeHead(answer.status, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' });
        response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
    });
    void freePort().then((port) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) }));
    });
  });
}

/** An Esplora API (the shapes of the recorded fixtures) over a fake chain. */
export function startEsplora(chain: FakeChain) {
  return listen((_method, path) => {
    let match: RegExpMatchArray | null;
    if (path === '/blocks/tip/height') return { status: 200, body: String(chain.height) };
    if ((match = path.match(/^\/block-height\/(\d+)$/))) {
      const block = chain.blocks[Number(match[1])];
      return block ? { status: 200, body: block.hash } : { status: 404, body: 'Block not found' };
    }
    const byHash = (hash: string) => chain.blocks.find((block) => block.hash === hash);
    if ((match = path.match(/^\/block\/([0-9a-f]{64})$/))) {
      const block = byHash(match[1]!);
      if (!block) return { status: 404, body: 'Block not found' };
      return { status: 200, body: { ...esploraBlock, id: block.hash, height: block.height, previousblockhash: block.parent, tx_count: block.txs.length } };
    }
    if ((match = path.match(/^\/block\/([0-9a-f]{64})\/txs\/(\d+)$/))) {
      const block = byHash(match[1]!);
      if (!block) return { status: 404, body: 'Block not found' };
      const start = Number(match[2]);
      const template = esploraTx.vout[0]!;
      return {
        status: 200,
        body: block.txs.slice(start, start + 25).map((tx) => ({
          ...esploraTx,
          txid: tx.id,
          vout: tx.outputs.map((output) => ({ ...template, scriptpubkey_address: output.address, value: Number(output.value) })),
          status: { ...esploraTx.status, block_height: block.height, block_hash: block.hash },
        })),
      };
    }
    return { status: 404, body: 'not found' };
  });
}

/** A TronGrid-compatible full-node API (the shapes of the recorded fixtures) over a fake chain of TRC-20 transfers. */
export function startTronGrid(chain: FakeChain, contract: string) {
  const contractHex = tronHex(contract);
  return listen((_method, path, body) => {
    const blockAt = (height: number) => {
      const block = chain.blocks[height];
      if (!block) return {};
      return { ...tronBlock, blockID: block.hash, block_header: { ...tronBlock.block_header, raw_data: { ...tronBlock.block_header.raw_data, number: block.height, parentHash: block.parent } } };
    };
    if (path === '/wallet/getnowblock') return { status: 200, body: blockAt(chain.height) };
    if (path === '/wallet/getblockbynum') return { status: 200, body: blockAt(Number(body.num)) };
    if (path === '/wallet/gettransactioninfobyblocknum') {
      const block = chain.blocks[Number(body.num)];
      if (!block) return { status: 200, body: [] };
      const log = tronTxInfo.log[0]!;
      return {
        status: 200,
        body: block.txs.map((tx) => ({
          ...tronTxInfo,
          id: tx.id,
          blockNumber: block.height,
          log: tx.outputs.map((output) => ({
            address: contractHex,
            topics: [log.topics[0], log.topics[1], `000000000000000000000000${tronHex(output.address)}`],
            data: output.value.toString(16).padStart(64, '0'),
          })),
        })),
      };
    }
    return { status: 404, body: {} };
  });
}
