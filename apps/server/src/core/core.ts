import { EventEmitter } from 'node:events';
import { Refusal } from '../http/refusal';
import { BalanceBook, parseKey, type Balance, type BalanceKey } from './balance-book';
import { CommandContext, type LedgerEntry } from './command-context';
import { applyCommand, type CommandResult, type CoreCommand } from './commands';
import type { BatchWrite, CoreRepository } from './repository';
import { SpotMarkets } from './spot/markets';
import type { SpotOrderState, SpotTradeRecord } from './spot/state';
import { WithdrawalBook } from './withdrawals/book';
import type { WithdrawalState } from './withdrawals/state';

interface Pending {
  command: CoreCommand;
  resolve: (result: CommandResult) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: CommandResult } | { ok: false; error: unknown };

interface Applied {
  pending: Pending;
  outcome: Outcome;
}

/** Events the core publishes after a batch is durable. */
export interface CoreEvents {
  /** the users whose balances changed, once per batch */
  balances: [userIds: number[]];
  /** the spot trades of the batch, in order */
  trades: [trades: SpotTradeRecord[]];
  /** spot orders created or changed by the batch (their final state) */
  orders: [orders: SpotOrderState[]];
  /** withdrawals opened or moved on by the batch (their final state) */
  withdrawals: [withdrawals: WithdrawalState[]];
}

const MAX_BATCH = 1000;
/** batches whose write may be under way at once (decision 0006) */
const MAX_IN_FLIGHT = 2;

/**
 * The single writer of money (ARCHITECTURE "The core"). Commands queue up and are applied one at a
 * time to the in-memory balances; each batch of applied commands is written in one transaction
 * (group commit) before any caller is answered or any event published. The next batch may be
 * applied and sent while one commits; the database orders them (decision 0006). If a write fails,
 * the core fails that batch and any sent after it, and reloads its state from the database:
 * memory never keeps what the database does not.
 */
export class Core {
  private readonly book = new BalanceBook();
  readonly spot = new SpotMarkets();
  readonly withdrawals = new WithdrawalBook();
  private commandKeys = new Set<string>();
  /** keys of commands whose batch is still being written */
  private readonly pendingKeys = new Set<string>();
  private queue: Pending[] = [];
  /** the number of the last batch sent to the database */
  private sequence = 0;
  /** resolves true when every batch launched so far is durable */
  private tail: Promise<boolean> = Promise.resolve(true);
  private flights: Promise<void>[] = [];
  /** batch writes not finished yet */
  private readonly writes = new Set<Promise<boolean>>();
  private needsReload = false;
  private recovery: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private nudging = false;
  private running = false;
  private stopped = false;
  readonly events = new EventEmitter<CoreEvents>();

  constructor(
    private readonly repository: CoreRepository,
    /** told about a failed batch write or a handler fault; the callers get `please retry` or a 500 */
    private readonly onFault: (error: unknown) => void = () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async start(): Promise<void> {
    await this.reload();
  }

  /** Queues a command; resolves once it is durable, rejects with a Refusal if a rule refuses it. */
  execute(command: CoreCommand): Promise<CommandResult> {
    if (this.stopped) return Promise.reject(new Refusal('please retry'));
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (!this.running) {
        // start on the next turn, so commands submitted together share one batch
        this.running = true;
        setImmediate(() => void this.drain());
      } else {
        this.nudge();
      }
    });
  }

  balance(key: BalanceKey): Balance {
    return this.book.get(`${key.userId}:${key.currencyId}:${key.wallet}`);
  }

  /** Waits for queued work, then refuses more (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Loads everything first, then swaps it in at once: readers never see a half-loaded state. */
  private async reload(): Promise<void> {
    const balances = await this.repository.loadBalances();
    const commandKeys = await this.repository.loadCommandKeys();
    const sequence = await this.repository.loadBatchSequence();
    const spot = await this.repository.loadSpotState();
    const withdrawals = await this.repository.loadWithdrawals(this.clock());
    this.book.clear();
    for (const [key, balance] of balances) this.book.set(key, balance);
    this.commandKeys = commandKeys;
    this.pendingKeys.clear();
    this.sequence = sequence;
    this.tail = Promise.resolve(true);
    this.spot.reset(spot);
    this.withdrawals.reset(withdrawals, this.clock(), spot.feeAccount);
  }

  /**
   * Takes batches off the queue while at most MAX_IN_FLIGHT writes are under way (decision
   * 0006): batch k+1 is applied and sent while batch k commits. Before a batch is applied on top
   * of memory that may be wrong (a failed write, a handler fault), everything in flight settles
   * and the state is reloaded.
   */
  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.needsReload) {
          await this.recover();
          this.needsReload = false;
        }
        if (this.queue.length === 0) {
          if (this.flights.length === 0) break;
          // a write is under way: wake for its end, or for new commands to send beside it
          await Promise.race([...this.flights, new Promise<void>((resolve) => (this.wake = resolve))]);
          this.wake = undefined;
          continue;
        }
        if (this.flights.length >= MAX_IN_FLIGHT) {
          await Promise.race(this.flights);
          continue;
        }
        this.launch(this.queue.splice(0, MAX_BATCH));
      }
    } finally {
      this.running = false;
    }
  }

  /** Wakes a drain loop waiting on a write, on the next turn so that commands arriving together batch. */
  private nudge(): void {
    if (this.nudging || !this.wake) return;
    this.nudging = true;
    setImmediate(() => {
      this.nudging = false;
      this.wake?.();
    });
  }

  /**
   * Once the writes under way have finished, loads the state again from the database. Shared by
   * everyone who needs it at the moment: the failed batch, the fault, the drain loop.
   */
  private recover(): Promise<void> {
    this.recovery ??= (async () => {
      await Promise.allSettled([...this.writes]);
      await this.reload().catch((error: unknown) => {
        this.onFault(error);
        this.stopped = true;
      });
      this.needsReload = false;
    })().finally(() => {
      this.recovery = undefined;
    });
    return this.recovery;
  }

  /** Applies a batch to memory and starts its write; its callers are answered when it settles. */
  private launch(batch: Pending[]): void {
    const collected = new BatchCollector();
    const applied: Applied[] = [];
    let faulted = false;
    for (const pending of batch) {
      if (faulted) {
        // after a fault the books may not match the balances: apply nothing more, reload after
        applied.push({ pending, outcome: { ok: false, error: new Refusal('please retry') } });
        continue;
      }
      const outcome = this.applyOne(pending.command, collected);
      if (!outcome.ok && !(outcome.error instanceof Refusal)) faulted = true;
      applied.push({ pending, outcome });
    }
    if (faulted) this.needsReload = true;
    const write = collected.write((key) => this.book.get(key));
    for (const key of collected.keys) this.pendingKeys.add(key);
    let writing: Promise<boolean> = Promise.resolve(true);
    let resend: () => Promise<boolean> = async () => true;
    if (write.commands.length > 0) {
      const previous = this.sequence;
      const next = (this.sequence += 1);
      resend = () => this.repository.writeBatch(write, previous, next);
      writing = resend();
      const tracked = writing;
      this.writes.add(tracked);
      void tracked.catch(() => undefined).finally(() => this.writes.delete(tracked));
    }
    const before = this.tail;
    const settled = (async () => {
      // answers go out in batch order: a batch is durable only if the one before it is
      const chainHeld = await before;
      let written = false;
      try {
        written = await writing;
        // sent beside the batch before it, it may have reached the database first and found the
        // sequence not moved yet: now that the batch before is durable, send it once more
        if (!written && chainHeld) written = await resend();
      } catch (error) {
        this.onFault(error);
      }
      for (const key of collected.keys) this.pendingKeys.delete(key);
      if (chainHeld && !written) {
        // memory ran ahead of the database: put it back before anyone is answered
        this.needsReload = true;
        await this.recover();
      }
      if (!chainHeld || !written) {
        // (a broken chain was recovered by the batch that broke it, before it answered)
        for (const { pending } of applied) pending.reject(new Refusal('please retry'));
        return false;
      }
      for (const key of collected.keys) this.commandKeys.add(key);
      if (faulted) await this.recover();
      for (const { pending, outcome } of applied) {
        if (outcome.ok) pending.resolve(outcome.result);
        else pending.reject(outcome.error);
      }
      this.publish(write, collected);
      return true;
    })();
    this.tail = settled;
    const flight: Promise<void> = settled.then(() => {
      this.flights = this.flights.filter((other) => other !== flight);
    });
    this.flights.push(flight);
  }

  private publish(write: BatchWrite, collected: BatchCollector): void {
    const users = [...new Set([...collected.touched].map((key) => parseKey(key).userId))];
    if (users.length > 0) this.events.emit('balances', users);
    if (write.trades.length > 0) this.events.emit('trades', write.trades);
    if (write.orders.length > 0) this.events.emit('orders', write.orders);
    if (write.withdrawals.length > 0) this.events.emit('withdrawals', write.withdrawals);
  }

  private applyOne(command: CoreCommand, collected: BatchCollector): Outcome {
    if (this.commandKeys.has(command.key) || this.pendingKeys.has(command.key) || collected.keys.has(command.key)) {
      return { ok: true, result: { applied: false, duplicate: true } };
    }
    const context = new CommandContext(this.book);
    let result: CommandResult;
    try {
      result = applyCommand(command, context, { spot: this.spot, withdrawals: this.withdrawals, now: this.clock() });
    } catch (error) {
      // a refusal or a fault: its staged changes are dropped, the rest of the batch goes on
      if (!(error instanceof Refusal)) this.onFault(error);
      return { ok: false, error };
    }
    collected.add(command, context);
    return { ok: true, result };
  }
}

/** What the applied commands of one batch changed, gathered for its write. */
class BatchCollector {
  readonly touched = new Set<string>();
  readonly keys = new Set<string>();
  private readonly commands: BatchWrite['commands'] = [];
  private readonly entries: BatchWrite['entries'] = [];
  private readonly trades: SpotTradeRecord[] = [];
  private readonly orders = new Map<number, SpotOrderState>();
  private readonly withdrawals = new Map<number, WithdrawalState>();

  add(command: CoreCommand, context: CommandContext): void {
    for (const key of context.commit()) this.touched.add(key);
    this.keys.add(command.key);
    this.commands.push({ key: command.key, kind: command.kind });
    context.entries.forEach((entry: LedgerEntry, index) => this.entries.push({ ...entry, idempotencyKey: `${command.key}#${index}` }));
    for (const order of context.orders.values()) this.orders.set(order.id, order);
    for (const withdrawal of context.withdrawals.values()) this.withdrawals.set(withdrawal.id, withdrawal);
    this.trades.push(...context.trades);
  }

  /** The rows to write; balances are the book's values now, the batch's last word on each. */
  write(balanceOf: (key: string) => Balance): BatchWrite {
    return {
      commands: this.commands,
      entries: this.entries,
      balances: [...this.touched].map((key) => ({ ...parseKey(key), ...balanceOf(key) })),
      orders: [...this.orders.values()].map((order) => ({ ...order })),
      trades: this.trades,
      withdrawals: [...this.withdrawals.values()],
    };
  }
}
