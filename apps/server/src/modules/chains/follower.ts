import { Refusal } from '../../core/refusal';
import type { ChainDeposit, ChainDepositHandler } from '../deposits/watcher';
import type { ChainCursor, ChainCursorRepository } from './cursor-repository';

/** One block as a watcher reads it: its height, hash and parent's hash. */
export interface ChainBlock {
  height: number;
  hash: string;
  parentHash: string;
}

/** What a network's node or indexer answers a watcher. */
export interface ChainSource {
  /** the height of the newest block */
  head(): Promise<number>;
  /** the hash of the block at `height` as the node has it now; undefined when it has none */
  hashAt(height: number): Promise<string | undefined>;
  /**
   * Blocks `from`..`to` in order, and the outputs in them paying one of the watched addresses, in
   * the order they were made. Every output names the block (by hash) it was read from.
   */
  read(from: number, to: number): Promise<{ blocks: ChainBlock[]; outputs: (ChainDeposit & { blockHash: string })[] }>;
}

export interface FollowerOptions {
  /** the cursor's name, the network's ('erc20', 'trc20', 'btc') */
  name: string;
  /** a deposit is credited once it has this many confirmations (its block counts as the first) */
  confirmations: number;
  /** where a watcher without a cursor starts; default: the first block that is confirmed now */
  startHeight?: number | undefined;
  /** blocks read in one step */
  batchBlocks: number;
  /** the wait between steps once caught up */
  pollMs: number;
  /** the first wait after a failed step, doubled per failure up to `longestBackoffMs` */
  firstBackoffMs: number;
  longestBackoffMs: number;
}

/** A watcher's state, as /api/health and the back office show it. */
export interface WatcherStatus {
  network: string;
  /** the node's newest block as last seen (-1: never reached) */
  head: number;
  /** the last block read */
  cursor: number;
  confirmations: number;
  /** confirmed blocks not yet read: "watcher behind by N blocks" */
  behind: number;
  /** failed steps in a row; the last one's message */
  failures: number;
  error: string | null;
  /** when the node's head last moved (ISO time), null before the first */
  headMovedAt: string | null;
  /** reorganisations deeper than the confirmations met since the start */
  deepReorgs: number;
  /** outputs the deposit service refused (an asset not taken on the network…): left to operators */
  refused: number;
}

export interface FollowerEvents {
  /** a failed step (the node, the database): retried after the backoff */
  fault(error: unknown): void;
  /** a note for the operators' log (a deep reorganisation, a refused output) */
  warn(message: string, detail: Record<string, unknown>): void;
}

/** Thrown when the chain changed while a step was reading it: the step is read again. */
export class ChainMovedError extends Error {
  constructor(at: number) {
    super(`the chain changed at block ${at} while it was read`);
  }
}

/**
 * Follows one network from a durable cursor and reports each output paying a deposit address
 * to the deposit service, which credits it through the core once per (network, transaction,
 * output index).
 *
 * A block is read only once it has the configured confirmations: an output in a block that is
 * replaced before then is never read, so never credited. The cursor keeps the hash of the last
 * block read; when the node no longer has that hash (a reorganisation deeper than the
 * confirmations), the watcher walks its kept hashes back to the fork point and reads again from
 * there: an output that is in the new chain too is credited once (its key is spent), one that
 * is not was credited already and is left to the operators, who are warned.
 *
 * A step's outputs are credited before the cursor moves past them, so a restart between the two
 * re-reads them and the core's key turns the repeat into nothing; nothing is missed either.
 */
export class ChainFollower {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly state: WatcherStatus;

  constructor(
    private readonly options: FollowerOptions,
    private readonly source: ChainSource,
    private readonly cursors: ChainCursorRepository,
    private readonly credit: ChainDepositHandler,
    private readonly events: FollowerEvents,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.state = {
      network: options.name,
      head: -1,
      cursor: -1,
      confirmations: options.confirmations,
      behind: 0,
      failures: 0,
      error: null,
      headMovedAt: null,
      deepReorgs: 0,
      refused: 0,
    };
  }

  status(): WatcherStatus {
    return { ...this.state };
  }

  /**
   * One step: reads up to `batchBlocks` confirmed blocks past the cursor and credits their
   * outputs. Answers how many blocks it read (0: caught up).
   */
  async step(): Promise<number> {
    const head = await this.source.head();
    if (head !== this.state.head) {
      this.state.head = head;
      this.state.headMovedAt = this.now().toISOString();
    }
    const tip = head - this.options.confirmations + 1;
    let cursor = await this.cursors.get(this.options.name);
    if (!cursor) {
      cursor = { height: (this.options.startHeight ?? Math.max(tip, 0)) - 1, hash: '' };
      await this.cursors.rewind(this.options.name, cursor);
    }
    this.state.cursor = cursor.height;
    if (cursor.height >= tip) {
      this.state.behind = 0;
      return 0;
    }
    if (cursor.hash !== '' && (await this.source.hashAt(cursor.height)) !== cursor.hash) {
      cursor = await this.rewindToForkPoint(cursor);
    }
    const to = Math.min(tip, cursor.height + this.options.batchBlocks);
    const { blocks, outputs } = await this.source.read(cursor.height + 1, to);
    let parent = cursor.hash;
    const read = new Set<string>();
    for (const block of blocks) {
      if (parent !== '' && block.parentHash !== parent) throw new ChainMovedError(block.height);
      parent = block.hash;
      read.add(block.hash);
    }
    for (const output of outputs) {
      if (!read.has(output.blockHash)) throw new ChainMovedError(cursor.height + 1);
      await this.report(output);
    }
    await this.cursors.advance(this.options.name, blocks);
    this.state.cursor = to;
    this.state.behind = tip - to;
    return blocks.length;
  }

  /** Steps until caught up with the confirmed blocks (tests, the benchmark, a catch-up). */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const read = await this.step();
      total += read;
      if (read === 0 || this.state.behind === 0) return total;
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let wait = this.options.pollMs;
      try {
        await this.step();
        this.state.failures = 0;
        this.state.error = null;
        // behind: read the next batch at once
        if (this.state.behind > 0) wait = 0;
      } catch (error) {
        this.state.failures += 1;
        this.state.error = error instanceof Error ? error.message : String(error);
        this.events.fault(error);
        wait = Math.min(this.options.firstBackoffMs * 2 ** Math.min(this.state.failures - 1, 20), this.options.longestBackoffMs);
      }
      if (wait > 0 && this.running) await this.sleep(wait);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  private async report(output: ChainDeposit & { blockHash: string }): Promise<void> {
    const { blockHash: _blockHash, ...deposit } = output;
    try {
      await this.credit(deposit);
    } catch (error) {
      // a refusal is the deposit service's answer about this output (an asset the network does
      // not take, an amount finer than the currency): retrying changes nothing, operators decide
      if (!(error instanceof Refusal)) throw error;
      this.state.refused += 1;
      this.events.warn('chain output refused by the deposit service', { ...deposit, refusal: error.key });
    }
  }

  /** The highest kept block the node still has: the cursor goes back there (a deep reorganisation). */
  private async rewindToForkPoint(cursor: ChainCursor): Promise<ChainCursor> {
    this.state.deepReorgs += 1;
    const kept = await this.cursors.recent(this.options.name, cursor.height);
    let fork: ChainCursor | undefined;
    for (const block of kept) {
      if ((await this.source.hashAt(block.height)) === block.hash) {
        fork = block;
        break;
      }
    }
    // none kept is on the node's chain: read again from below the oldest kept hash
    fork ??= { height: (kept.at(-1)?.height ?? cursor.height) - 1, hash: '' };
    this.events.warn('reorganisation deeper than the confirmations: reading again from the fork point', {
      network: this.options.name,
      from: cursor.height,
      forkPoint: fork.height,
    });
    await this.cursors.rewind(this.options.name, fork);
    return fork;
  }
}
