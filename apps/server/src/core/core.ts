import { EventEmitter } from 'node:events';
import { BalanceBook } from './balance-book';
import { BatchCollector } from './batch-collector';
import { CommandContext } from './command-context';
import type { CoreEvents } from './events';
import type { CommandResult, CoreCommandBase, CoreKind, CoreTable, KindState, LoadContext, PriceTrigger } from './kind';
import { CORE_KINDS, type CoreCommand } from './kinds';
import { CoreReadView, type MarkPrice } from './read-view';
import { Refusal } from './refusal';
import type { CoreRepository } from './repository';
import { DeadlineQueue } from './schedule/deadlines';
import { everyAmountFits } from './amount';
import { indexPricesKind } from './index-prices/kind';
import { spotKind } from './spot/kind';
import { isStale } from './index-prices/rules';
import { TriggerIndex } from './triggers/trigger-index';
import { LastTradeTriggers, type LastTradeTrigger } from './triggers/last-trade-triggers';
import { withdrawalsKind } from './withdrawals/kind';
import { leverKind } from './lever/kind';
import { MAX_TIMER_MS } from '../lib/timers';
import { requestKeyScope } from './command-key';
import { RECENT_KEYS, RecentCommandKeys, type RecentKeysLimits } from './recent-keys';
import type { ReplicatedBatch } from './replicated-batch';
import type { Queryable } from '../db/database';
import type { BatchAdmissions } from './admissions/batch-admissions';
import { AdmissionBook } from './admissions/admission-book';

export type { CoreEvents } from './events';

/** What the core tells its metrics (app/metrics.ts): it never reads them back. */
export interface CoreObserver {
  /** a batch of `size` commands written and durable `seconds` after its first command was applied */
  batch(size: number, seconds: number): void;
  /** one command applied or refused by the kind of state it names */
  command(kind: string, refused: boolean): void;
}

/** How much work the core holds now. */
export interface CoreLoad {
  queued: number;
  deadlines: number;
  triggers: number;
}

interface Pending {
  command: CoreCommandBase;
  resolve: (result: CommandResult) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: CommandResult } | { ok: false; error: unknown };

interface Applied {
  pending: Pending;
  outcome: Outcome;
}

const MAX_BATCH = 1000;

/**
 * `running` takes commands; `stopped` (shutdown) and `failed` refuse them. `failed` is final: a
 * batch write failed and reloading the state from the database failed too, so memory may hold
 * what the database does not, and only a new process, loading the durable state, may go on.
 */
export type CoreState = 'running' | 'stopped' | 'failed';

/** Why the core cannot take writes now; none when it can. */
export type UnreadyReason = 'writes failing' | 'reload in progress' | 'writer lock lost' | 'stopped' | 'failed';

export interface Readiness {
  ready: boolean;
  reason?: UnreadyReason;
}

/**
 * The single writer of money (ARCHITECTURE "The core"). Commands queue up and are applied one at a
 * time to the in-memory balances and to the kind of state each names (`kinds.ts`); each batch of
 * applied commands is written in one statement (group commit) before any caller is answered or any
 * event published. If the write fails, the core reloads its state from the database and fails that
 * batch: memory never holds what the database does not. If the reload fails too, the core fails
 * (crash-only): it refuses every queued and later command and calls `onFatal`, whose owner ends
 * the process.
 *
 * It also keeps time and prices for its kinds: deadlines fire as ordinary commands when due, and
 * price triggers as ordinary commands when a pair's mark crosses their level, both rebuilt from
 * the kinds' persisted state at every load.
 */
export class Core<Command extends CoreCommandBase = CoreCommand> {
  private readonly book = new BalanceBook();
  private readonly states: KindState[];
  private readonly routes = new Map<string, KindState>();
  private readonly tables: CoreTable<unknown>[];
  private readonly exclusive = new Set<string>();
  private readonly commandKeys: RecentCommandKeys;
  /** signed requests' admissions: held once written, looked up (as their commands queue) when memory cannot answer */
  private readonly admissions: AdmissionBook;
  private queue: Pending[] = [];
  /** the answer of each remote call's command queued or in the batch being applied, by key */
  private readonly unanswered = new Map<string, { call: string; answer: Promise<CommandResult> }>();
  private running = false;
  private current: CoreState = 'running';
  /** the last batch write failed, and none has succeeded since (nor a probe write) */
  private writesFailing = false;
  private reloading = false;
  private writerLost = false;
  private readonly deadlines = new DeadlineQueue();
  private timer: NodeJS.Timeout | undefined;
  private readonly triggers = new Map<number, TriggerIndex<PriceTrigger>>();
  private readonly marks = new Map<number, MarkPrice>();
  /** stop orders: fired by the pair's trades themselves, apart from the mark triggers */
  private readonly lastTradeTriggers = new LastTradeTriggers();
  private observer: CoreObserver | undefined;
  /** a gateway's copy: commands go to the real core through `remote`; it never writes or fires */
  private remote: ((command: Command) => Promise<CommandResult>) | undefined;
  /** the number of the last durable batch this state reflects (`core_batch_sequence`) */
  private batchSequence = 0;
  /** told of every durable batch, for the gateways' copies (`replicate`) */
  private publishBatch: ((batch: ReplicatedBatch) => void) | undefined;
  /** while a copy replays a batch: the time the core applied the current command at */
  private replayAt: Date | undefined;
  readonly events = new EventEmitter<CoreEvents>();
  /** what modules may read: atoms and copies, never the state itself */
  readonly read: CoreReadView;

  constructor(
    private readonly repository: CoreRepository,
    /** told about a failed batch write or a handler fault; the callers get `please retry` or a 500 */
    private readonly onFault: (error: unknown) => void = () => {},
    private readonly clock: () => Date = () => new Date(),
    /** told once when the core has failed; nothing more is applied in this process */
    private readonly onFatal: (error: unknown) => void = () => {},
    /** the kinds of state it owns; tests add their own to the registered ones */
    kinds: readonly CoreKind[] = CORE_KINDS,
    /** the window of recent command keys held in memory; older keys are looked up in the database */
    recentKeys: RecentKeysLimits = RECENT_KEYS,
  ) {
    this.commandKeys = new RecentCommandKeys(recentKeys);
    this.admissions = new AdmissionBook(() => repository.db, clock);
    const stateOf = <C extends CoreCommandBase, S extends KindState<C>>(wanted: CoreKind<C, S>): S => {
      const index = kinds.indexOf(wanted as unknown as CoreKind);
      const state = this.states[index];
      if (index < 0 || !state) throw new Error(`the core needs the ${wanted.name} kind`);
      return state as S;
    };
    this.states = [];
    for (const kind of kinds) this.states.push(kind.create({ stateOf }));
    kinds.forEach((kind, index) => {
      for (const commandKind of kind.commandKinds) {
        if (this.routes.has(commandKind)) throw new Error(`two kinds of core state apply ${commandKind}`);
        this.routes.set(commandKind, this.states[index] as KindState);
      }
    });
    this.tables = kinds.flatMap((kind) => kind.tables);
    for (const kind of kinds) for (const commandKind of kind.exclusiveCommandKinds ?? []) this.exclusive.add(commandKind);
    this.read = new CoreReadView(this.book, stateOf(spotKind), stateOf(withdrawalsKind), this.marks, clock, stateOf(leverKind), stateOf(indexPricesKind));
  }

  get state(): CoreState {
    return this.current;
  }

  /**
   * Whether the core can take writes now, and if not why: its last batch write failed (a full
   * disk, a database refusing writes) until a write succeeds again, a reload is in progress, the
   * writer lock is lost, or it stopped or failed.
   */
  get readiness(): Readiness {
    if (this.writerLost) return { ready: false, reason: 'writer lock lost' };
    if (this.current !== 'running') return { ready: false, reason: this.current };
    if (this.reloading) return { ready: false, reason: 'reload in progress' };
    if (this.writesFailing) return { ready: false, reason: 'writes failing' };
    return { ready: true };
  }

  /**
   * While writes are failing, tries one small write of its own (no money): ready again once the
   * database takes writes, even with no command to carry one.
   */
  async probeWrites(): Promise<void> {
    if (!this.writesFailing || this.current !== 'running') return;
    try {
      await this.repository.probeWrite();
      this.writesFailing = false;
    } catch (error) {
      this.onFault(error);
    }
  }

  /**
   * The database session holding the writer lock is gone: another process may be the writer now,
   * so this core takes nothing more (crash-only: its owner ends the process).
   */
  loseWriter(error: unknown): void {
    this.writerLost = true;
    if (this.current !== 'failed') this.fail(error);
  }

  /** How many command keys memory holds (bounded: older keys are the database's). */
  get heldCommandKeys(): number {
    return this.commandKeys.size;
  }

  /** The number of the last durable batch the state reflects: the core's last, or the one a copy applied last. */
  get sequence(): number {
    return this.batchSequence;
  }

  /**
   * Tells `publish` of every durable batch from now on (before its callers are answered): its
   * number and the commands that applied, each with its time, for the gateways' copies to replay.
   */
  replicate(publish: (batch: ReplicatedBatch) => void): void {
    this.publishBatch = publish;
  }

  /** Tells `observer` of every batch and command from now on. */
  observe(observer: CoreObserver): void {
    this.observer = observer;
  }

  get pending(): CoreLoad {
    let triggers = this.lastTradeTriggers.size;
    for (const index of this.triggers.values()) triggers += index.size;
    return { queued: this.queue.length, deadlines: this.deadlines.size, triggers };
  }

  /** Loads the durable state; resolves once the deadlines already due have fired. */
  async start(): Promise<void> {
    await this.admissions.load();
    await this.reload();
    await this.runDueDeadlines();
  }

  /**
   * Makes this core a gateway's read copy of the one core (docs/deployment.md): loads the durable
   * state like `start`, but sends every command through `remote` and never writes, schedules or
   * fires anything itself. It then replays the core's durable batches (`applyReplicated`), and
   * `refresh` loads the whole state again when it cannot.
   */
  async startReplica(remote: (command: Command) => Promise<CommandResult>): Promise<void> {
    this.remote = remote;
    await this.reload();
  }

  /**
   * A copy's full reload (it missed a batch, or could not apply one). Its follower
   * (`cluster/follower.ts`) runs one at a time and coalesces the reloads asked meanwhile.
   */
  refresh(): Promise<void> {
    return this.reload();
  }

  /**
   * Queues a command; resolves once it is durable, rejects with a Refusal if a rule refuses it.
   *
   * `call` names a remote call (a gateway's request over NATS) whose retries carry the same name: a
   * retry while its first copy is queued or being applied gets the first copy's answer, and once it
   * is durable the result it had, while the window of recent keys holds the key. Any other repeat
   * of a key (another call, a key older than the window, a core started since) is answered
   * `applied: false, duplicate: true`, as every repeat of a key without `call` is.
   */
  execute(command: Command, call?: string): Promise<CommandResult> {
    if (this.remote) return this.remote(command);
    if (call !== undefined) {
      const first = this.unanswered.get(command.key);
      if (first?.call === call) return first.answer;
      const result = this.commandKeys.resultOf(command.key, call);
      if (result) return Promise.resolve(result);
    }
    if (this.current !== 'running') return Promise.reject(new Refusal('please retry'));
    this.admissions.prefetch(command);
    const answer = new Promise<CommandResult>((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (!this.running) {
        // start on the next turn, so commands submitted together share one batch
        this.running = true;
        // the core's own loop belongs to no request: keys it makes are never a request's
        requestKeyScope.exit(() => setImmediate(() => void this.drain()));
      }
    });
    if (call !== undefined && !this.unanswered.has(command.key)) this.awaitAnswer(command.key, call, answer);
    return answer;
  }

  /**
   * Holds a remote call's answer until it settles. The batch made the key durable before answering,
   * so the result joins the key in the window before any later retry can ask; a refusal spends no
   * key, and a retry after it is applied anew.
   */
  private awaitAnswer(key: string, call: string, answer: Promise<CommandResult>): void {
    this.unanswered.set(key, { call, answer });
    const answered = () => this.unanswered.delete(key);
    answer.then((result) => {
      if (result.applied) this.commandKeys.keepResult(key, call, result);
      answered();
    }, answered);
  }

  /**
   * Fires every deadline due by the core's clock, earliest first, as commands of the next batch;
   * resolves when they are settled. The timer calls it; tests with a manual clock call it too.
   */
  async runDueDeadlines(): Promise<void> {
    const due = this.current === 'running' ? this.deadlines.takeDue(this.clock().getTime()) : [];
    const fired = due.map((deadline) => this.fire(deadline.command()));
    this.armTimer();
    await Promise.all(fired);
  }

  /** Waits for queued work, then refuses more (shutdown). */
  async stop(): Promise<void> {
    if (this.current === 'running') this.current = 'stopped';
    this.disarmTimer();
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Loads everything first, then swaps it in at once: readers never see a half-loaded state. */
  private async reload(): Promise<void> {
    this.reloading = true;
    try {
      await this.load();
    } finally {
      this.reloading = false;
    }
  }

  private async load(): Promise<void> {
    const read = async (db: Queryable) => {
      const balances = await this.repository.loadBalances(db);
      const sequence = await this.repository.loadSequence(db);
      const context: LoadContext = { now: this.clock(), feeAccount: await this.repository.loadFeeAccount(db), marks: (pairId) => this.marks.get(pairId) };
      const loaded: unknown[] = [];
      for (const state of this.states) loaded.push(await state.load(db, context));
      return { balances, sequence, context, loaded };
    };
    // a copy loads while the core writes: in one snapshot, so it is the state after batch `sequence`
    const { balances, sequence, context, loaded } = this.remote ? await this.repository.inSnapshot(read) : await read(this.repository.db);
    this.batchSequence = sequence;
    this.book.clear();
    for (const [key, balance] of balances) this.book.set(key, balance);
    this.states.forEach((state, index) => state.reset(loaded[index], context));

    // time and price triggers come back from the persisted state of each kind
    this.deadlines.clear();
    this.triggers.clear();
    this.marks.clear();
    this.lastTradeTriggers.clear();
    for (const state of this.states) {
      for (const deadline of state.deadlines?.() ?? []) this.deadlines.add(deadline);
      for (const trigger of state.triggers?.() ?? []) this.indexOf(trigger.pairId).add(trigger);
      for (const trigger of state.lastTradeTriggers?.() ?? []) this.lastTradeTriggers.add(trigger);
    }
    this.armTimer();
    this.moveMarks(new Set());
    this.fireOnTrades([]);
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch(this.nextBatch());
    } finally {
      this.running = false;
    }
  }

  /** Up to MAX_BATCH queued commands; an exclusive command ends the batch before it, and makes one of its own. */
  private nextBatch(): Pending[] {
    const end = Math.min(this.queue.length, MAX_BATCH);
    for (let index = 0; index < end; index++) {
      const kind = this.queue[index]?.command.kind ?? '';
      if (this.exclusive.has(kind)) return this.queue.splice(0, index === 0 ? 1 : index);
    }
    return this.queue.splice(0, end);
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const applied: Applied[] = [];
    const started = process.hrtime.bigint();
    const collector = new BatchCollector(this.tables);
    let faulted = false;
    let durable: Set<string>;
    let admissions: BatchAdmissions;
    try {
      [durable, admissions] = await Promise.all([this.durableKeys(batch), this.admissions.forBatch(batch.map(({ command }) => command), this.clock())]);
    } catch (error) {
      // the database cannot say which keys (or signed requests) are spent: apply nothing, the callers retry
      this.onFault(error);
      for (const pending of batch) pending.reject(new Refusal('please retry'));
      return;
    }
    for (const pending of batch) {
      if (faulted) {
        // after a fault the books may not match the balances: apply nothing more, reload below
        applied.push({ pending, outcome: { ok: false, error: new Refusal('please retry') } });
        continue;
      }
      // a signed command's admission (once, by a live key, in time) is checked first: refused alone, its batch goes on
      const unadmitted = admissions.refusal(pending.command);
      const outcome: Outcome = unadmitted ? { ok: false, error: unadmitted } : this.applyOne(pending.command, collector, durable);
      if (!outcome.ok && !(outcome.error instanceof Refusal)) faulted = true;
      applied.push({ pending, outcome });
    }
    const write = collector.rows(this.book);
    if (write.commands.length > 0) write.sequence = this.batchSequence + 1;
    admissions.addTo(write);

    try {
      // tables without commands: admissions of signed commands that were refused
      if (write.commands.length > 0 || write.tables.length > 0) {
        await this.repository.writeBatch(write).finally(() => admissions.settled());
        this.writesFailing = false;
      }
    } catch (error) {
      this.writesFailing = true;
      // memory ran ahead of the database: put it back, and fail every command of this batch
      this.onFault(error);
      this.commandKeys.outcomeUnknown();
      const reloaded = await this.reloadAfterFault();
      for (const { pending } of applied) pending.reject(new Refusal('please retry'));
      if (!reloaded.ok) this.fail(reloaded.error);
      return;
    }
    this.commandKeys.addDurable(collector.keys());
    if (write.sequence !== undefined) this.announce({ sequence: (this.batchSequence = write.sequence), commands: collector.applied });
    if (this.observer) {
      this.observer.batch(batch.length, Number(process.hrtime.bigint() - started) / 1e9);
      for (const { pending, outcome } of applied) this.observer.command(pending.command.kind, !outcome.ok);
    }
    // the batch is durable: its callers are answered even when the reload below fails
    const reloaded = faulted ? await this.reloadAfterFault() : { ok: true as const };
    for (const { pending, outcome } of applied) {
      if (outcome.ok) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    }
    const users = collector.users();
    if (users.length > 0) this.events.emit('balances', users);
    for (const { table, rows } of write.tables) table.publish?.(this.events, rows);
    if (!reloaded.ok) {
      this.fail(reloaded.error);
      return;
    }
    // a reload rebuilt the schedule and the triggers from the database, this batch's included
    if (!faulted) this.schedule(collector);
  }

  /**
   * A gateway's copy applies one durable batch of the core: each command through the same path
   * the core took, at the time the core applied it, then the same events and the same schedule
   * bookkeeping (marks, triggers), never writing or firing. False when a command did not apply as
   * it did on the core: the copy no longer matches it and must reload.
   */
  applyReplicated(batch: ReplicatedBatch): boolean {
    const collector = new BatchCollector(this.tables);
    const nothingDurable = new Set<string>();
    try {
      for (const { command, at } of batch.commands) {
        this.replayAt = at;
        if (!this.applyOne(command, collector, nothingDurable).ok) return false;
      }
    } finally {
      this.replayAt = undefined;
    }
    this.batchSequence = batch.sequence;
    const write = collector.rows(this.book);
    const users = collector.users();
    if (users.length > 0) this.events.emit('balances', users);
    for (const { table, rows } of write.tables) table.publish?.(this.events, rows);
    this.schedule(collector);
    // the core fires what falls due; its copy only forgets it, so the schedule does not grow
    const last = batch.commands.at(-1);
    if (last) this.deadlines.takeDue(last.at.getTime());
    return true;
  }

  /** Tells the gateways' copies of a durable batch; a copy that misses it reloads (it sees a gap). */
  private announce(batch: ReplicatedBatch): void {
    if (!this.publishBatch) return;
    try {
      this.publishBatch(batch);
    } catch (error) {
      this.onFault(error);
    }
  }

  /** What a durable batch scheduled, then the marks it moved: crossed triggers fire in the next batch. */
  private schedule(collector: BatchCollector): void {
    let added = false;
    for (const deadline of collector.deadlines) added = this.deadlines.add(deadline) || added;
    if (added) this.armTimer();
    const removed = new Set(collector.removedTriggers);
    for (const key of removed) {
      if (this.lastTradeTriggers.remove(key)) continue;
      for (const index of this.triggers.values()) if (index.remove(key)) break;
    }
    const triggered = new Set<number>();
    for (const trigger of collector.triggers) {
      this.indexOf(trigger.pairId).add(trigger);
      triggered.add(trigger.pairId);
    }
    this.moveMarks(triggered);
    // a stop placed and cancelled within the batch is never armed
    this.fireOnTrades(collector.lastTradeTriggers.filter((trigger) => !removed.has(trigger.key)));
  }

  /** Fires, in the next batch, the last-trade triggers the kinds' new trades reached; arms the batch's new ones. */
  private fireOnTrades(armed: readonly LastTradeTrigger[]): void {
    const prints = this.states.flatMap((state) => state.takeTradePrints?.() ?? []);
    if (prints.length === 0 && armed.length === 0) return;
    for (const { trigger, firing } of this.lastTradeTriggers.evaluate(prints, armed, this.clock())) void this.fire(trigger.fire(firing));
  }

  /**
   * Takes the marks the index ticks of a durable batch made; fires the triggers each new mark (or
   * each new trigger) crosses. A stale mark (its tick older than the staleness limit by the core's
   * clock, as after a restart or while the feed is down) fires nothing: its triggers wait for a
   * fresh tick.
   */
  private moveMarks(evaluate: Set<number>): void {
    const at = this.clock();
    for (const state of this.states) {
      if (!state.takeMovedMarks) continue;
      for (const moved of state.takeMovedMarks()) {
        const pairId = moved.inputs.pairId;
        const previous = this.marks.get(pairId);
        this.marks.set(pairId, moved);
        // a mark fresh again after a stale spell is evaluated even unchanged: what waited fires now
        if (previous?.mark !== moved.mark || (previous !== undefined && isStale(previous.at.getTime(), at.getTime()))) evaluate.add(pairId);
      }
    }
    for (const pairId of evaluate) {
      const current = this.marks.get(pairId);
      const index = this.triggers.get(pairId);
      if (!current || !index || index.size === 0 || isStale(current.at.getTime(), at.getTime())) continue;
      for (const trigger of index.crossed(current.mark)) {
        void this.fire(trigger.fire({ mark: current.mark, inputs: { ...current.inputs }, at }));
      }
    }
  }

  private indexOf(pairId: number): TriggerIndex<PriceTrigger> {
    let index = this.triggers.get(pairId);
    if (!index) this.triggers.set(pairId, (index = new TriggerIndex()));
    return index;
  }

  /** A command the core issues itself: a refusal means its subject moved on; a fault is reported. */
  private async fire(command: CoreCommandBase): Promise<void> {
    if (this.remote) return;
    try {
      await this.execute(command as Command);
    } catch (error) {
      if (!(error instanceof Refusal)) this.onFault(error);
    }
  }

  private armTimer(): void {
    if (this.remote) return;
    this.disarmTimer();
    const next = this.deadlines.nextDueAt();
    if (next === undefined || this.current !== 'running') return;
    const delay = Math.min(Math.max(0, next - this.clock().getTime()), MAX_TIMER_MS);
    this.timer = setTimeout(() => void this.runDueDeadlines(), delay);
    this.timer.unref();
  }

  private disarmTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
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
    this.disarmTimer();
    for (const pending of this.queue.splice(0)) pending.reject(new Refusal('please retry'));
    this.onFatal(error);
  }

  /**
   * The batch's keys that are durable already: those held in the recent window, and those the
   * database holds among the ones that may be (one query, only when some key is not certainly new).
   */
  private async durableKeys(batch: readonly Pending[]): Promise<Set<string>> {
    const ask: string[] = [];
    for (const { command } of batch) {
      if (!this.commandKeys.has(command.key) && !this.commandKeys.isNew(command.key)) ask.push(command.key);
    }
    return this.repository.findCommandKeys(ask);
  }

  private applyOne(command: CoreCommandBase, collector: BatchCollector, durable: ReadonlySet<string>): Outcome {
    if (this.commandKeys.has(command.key) || durable.has(command.key) || collector.holds(command.key)) {
      return { ok: true, result: { applied: false, duplicate: true } };
    }
    // a value no NUMERIC(38,18) column holds is refused before any kind sees it: alone, not its batch
    if (!everyAmountFits(command)) return { ok: false, error: new Refusal('parameter error') };
    const context = new CommandContext(this.book);
    const at = this.replayAt ?? this.clock();
    let result: CommandResult;
    try {
      const state = this.routes.get(command.kind);
      if (!state) throw new Error(`no kind of core state applies ${command.kind}`);
      result = state.apply(command, context, at);
    } catch (error) {
      // a refusal or a fault: its staged changes are dropped, the rest of the batch goes on
      if (!(error instanceof Refusal)) this.onFault(error);
      return { ok: false, error };
    }
    collector.add(command, context, context.commit(), at);
    return { ok: true, result };
  }
}
