import { EventEmitter } from 'node:events';
import { Refusal } from './refusal';
import { BalanceBook, type Balance, type BalanceKey } from './balance-book';
import { BatchCollector } from './batch-collector';
import { CommandContext } from './command-context';
import { applyCommand, type CommandResult, type CoreCommand } from './commands';
import type { CoreRepository } from './repository';
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

/**
 * `running` takes commands; `stopped` (shutdown) and `failed` refuse them. `failed` is final: a
 * batch write failed and reloading the state from the database failed too, so memory may hold
 * what the database does not, and only a new process, loading the durable state, may go on.
 */
export type CoreState = 'running' | 'stopped' | 'failed';

/**
 * The single writer of money (ARCHITECTURE "The core"). Commands queue up and are applied one at a
 * time to the in-memory balances; each batch of applied commands is written in one transaction
 * (group commit) before any caller is answered or any event published. If the write fails, the
 * core reloads its state from the database and fails that batch: memory never holds what the
 * database does not. If the reload fails too, the core fails (crash-only): it refuses every queued
 * and later command and calls `onFatal`, whose owner ends the process.
 */
export class Core {
  private readonly book = new BalanceBook();
  readonly spot = new SpotMarkets();
  readonly withdrawals = new WithdrawalBook();
  private commandKeys = new Set<string>();
  private queue: Pending[] = [];
  private running = false;
  private current: CoreState = 'running';
  readonly events = new EventEmitter<CoreEvents>();

  constructor(
    private readonly repository: CoreRepository,
    /** told about a failed batch write or a handler fault; the callers get `please retry` or a 500 */
    private readonly onFault: (error: unknown) => void = () => {},
    private readonly clock: () => Date = () => new Date(),
    /** told once when the core has failed; nothing more is applied in this process */
    private readonly onFatal: (error: unknown) => void = () => {},
  ) {}

  get state(): CoreState {
    return this.current;
  }

  async start(): Promise<void> {
    await this.reload();
  }

  /** Queues a command; resolves once it is durable, rejects with a Refusal if a rule refuses it. */
  execute(command: CoreCommand): Promise<CommandResult> {
    if (this.current !== 'running') return Promise.reject(new Refusal('please retry'));
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (!this.running) {
        // start on the next turn, so commands submitted together share one batch
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  balance(key: BalanceKey): Balance {
    return this.book.get(`${key.userId}:${key.currencyId}:${key.wallet}`);
  }

  /** Waits for queued work, then refuses more (shutdown). */
  async stop(): Promise<void> {
    if (this.current === 'running') this.current = 'stopped';
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Loads everything first, then swaps it in at once: readers never see a half-loaded state. */
  private async reload(): Promise<void> {
    const balances = await this.repository.loadBalances();
    const commandKeys = await this.repository.loadCommandKeys();
    const spot = await this.repository.loadSpotState();
    const withdrawals = await this.repository.loadWithdrawals(this.clock());
    this.book.clear();
    for (const [key, balance] of balances) this.book.set(key, balance);
    this.commandKeys = commandKeys;
    this.spot.reset(spot);
    this.withdrawals.reset(withdrawals, this.clock(), spot.feeAccount);
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.runBatch(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const applied: Applied[] = [];
    const collector = new BatchCollector();
    let faulted = false;
    for (const pending of batch) {
      if (faulted) {
        // after a fault the books may not match the balances: apply nothing more, reload below
        applied.push({ pending, outcome: { ok: false, error: new Refusal('please retry') } });
        continue;
      }
      const outcome = this.applyOne(pending.command, collector);
      if (!outcome.ok && !(outcome.error instanceof Refusal)) faulted = true;
      applied.push({ pending, outcome });
    }
    const write = collector.rows(this.book);

    try {
      if (write.commands.length > 0) await this.repository.writeBatch(write);
    } catch (error) {
      // memory ran ahead of the database: put it back, and fail every command of this batch
      this.onFault(error);
      const reloaded = await this.reloadAfterFault();
      for (const { pending } of applied) pending.reject(new Refusal('please retry'));
      if (!reloaded.ok) this.fail(reloaded.error);
      return;
    }
    for (const key of collector.keys()) this.commandKeys.add(key);
    // the batch is durable: its callers are answered even when the reload below fails
    const reloaded = faulted ? await this.reloadAfterFault() : { ok: true as const };
    for (const { pending, outcome } of applied) {
      if (outcome.ok) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    }
    const users = collector.users();
    if (users.length > 0) this.events.emit('balances', users);
    if (write.trades.length > 0) this.events.emit('trades', write.trades);
    if (write.orders.length > 0) this.events.emit('orders', write.orders);
    if (write.withdrawals.length > 0) this.events.emit('withdrawals', write.withdrawals);
    if (!reloaded.ok) this.fail(reloaded.error);
  }

  private async reloadAfterFault(): Promise<{ ok: true } | { ok: false; error: unknown }> {
    try {
      await this.reload();
      return { ok: true };
    } catch (error) {
      this.onFault(error);
      return { ok: false, error };
    }
  }

  /** Memory may no longer match the database: refuse everything queued and to come, then tell the owner. */
  private fail(error: unknown): void {
    this.current = 'failed';
    for (const pending of this.queue.splice(0)) pending.reject(new Refusal('please retry'));
    this.onFatal(error);
  }

  private applyOne(command: CoreCommand, collector: BatchCollector): Outcome {
    if (this.commandKeys.has(command.key) || collector.holds(command.key)) {
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
    collector.add(command, context, context.commit());
    return { ok: true, result };
  }
}
