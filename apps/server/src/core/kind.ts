import type { Queryable } from '../db/database';
import type { SignedAdmission } from './admissions/admission';
import type { Atoms } from './amount';
import type { CommandContext } from './command-context';
import type { CoreEventEmitter } from './events';
import type { MarkPrice } from './read-view';
import type { LastTradeTrigger, TradePrint } from './triggers/last-trade-triggers';

/**
 * A kind of core state (spot books, withdrawals; next: lever positions, second contracts, c2c
 * escrow, acceptor deals, subscriptions). It lives in a folder of its own under `core/`, and
 * registering it is one line in `core/kinds.ts`. `docs/core-state.md` walks through adding one.
 */
export interface CoreKind<Command extends CoreCommandBase = CoreCommandBase, State extends KindState<Command> = KindState<Command>> {
  readonly name: string;
  /** the command kinds it applies: the core routes each command to its kind by `command.kind` */
  readonly commandKinds: readonly Command['kind'][];
  /**
   * Commands the core applies in a batch of their own, so that what they read is exactly what the
   * batches before them made durable (a snapshot of every balance at a batch boundary).
   */
  readonly exclusiveCommandKinds?: readonly Command['kind'][];
  /** the tables its commands stage rows for, in the order the batch statement writes them */
  readonly tables: readonly CoreTable<unknown>[];
  /**
   * The audit's orphan checks of its tables (they carry no foreign keys, decision 0007): each a
   * `select '<table>' as table_name, count(*)::int as rows from <table> where <names a missing user, currency or pair>`.
   */
  readonly orphanChecks: readonly string[];
  /**
   * The audit's escrow checks, for a kind that holds funds locked for its records: each a query
   * answering `user_id, currency_id, wallet, held, expected` (text amounts) for every balance whose
   * locked funds under the kind's ledger reasons differ from what its open records hold.
   */
  readonly escrowChecks?: readonly string[];
  /**
   * The audit's recomputations of settled records from what was recorded (prices, trades, terms):
   * each a select of `table_name, id, problem` for every record, `problem` empty when it matches
   * (reported as a `SettlementMismatch` whose `field` is the problem in words).
   */
  readonly recomputeChecks?: readonly string[];
  /** The same recomputation as code, for a kind whose rules are not one query: every difference found. */
  recompute?(db: Queryable): Promise<SettlementMismatch[]>;
  /**
   * An empty state; the core loads it before the first command and after a failed batch write.
   * `kinds` finds the states of other kinds (call it when needed, not while creating: a kind later
   * in the list is not created yet), for a kind that reads another's state while it applies.
   */
  create(kinds: KindLookup): State;
}

/** The states of the core's kinds, for a kind that reads another's (second contracts read spot prices). */
export interface KindLookup {
  stateOf<C extends CoreCommandBase, S extends KindState<C>>(kind: CoreKind<C, S>): S;
}

/** A settlement whose recorded figure differs from the one recomputed from its recorded inputs. */
export interface SettlementMismatch {
  table_name: string;
  id: number | string;
  /** the field that differs (or, from a SQL check, what differs in words) */
  field: string;
  recorded: string | null;
  recomputed: string | null;
}

/** Every command names its kind and an idempotency key: applied twice, it changes nothing the second time. */
export interface CoreCommandBase {
  kind: string;
  key: string;
  /** the signed request that made the command: recorded in the command's batch, refused when repeated (`admissions/`) */
  admission?: SignedAdmission;
}

export type CommandResult =
  | {
      applied: true;
      orderId?: number;
      withdrawalId?: number;
      c2cId?: number;
      microId?: number;
      leverTradeId?: number;
      /** the subscription or acceptor deal the command made or moved */
      recordId?: number;
    }
  | { applied: false; duplicate: true };

/** What every kind may read while loading: the clock, and accounts the core knows. */
export interface LoadContext {
  now: Date;
  /** the account that collects fees */
  feeAccount: number;
  /** each pair's current mark (the core's, set once a batch that moved it is durable) */
  marks?: (pairId: number) => MarkPrice | undefined;
}

/** One kind's state, owned by the core and changed only by its commands. */
export interface KindState<Command extends CoreCommandBase = CoreCommandBase, Loaded = unknown> {
  /** Reads its durable state; changes nothing in memory (a reload loads every kind before swapping any in). */
  load(db: Queryable, context: LoadContext): Promise<Loaded>;
  /** Replaces its memory with what `load` read. */
  reset(loaded: Loaded, context: LoadContext): void;
  /**
   * Applies one command, or throws a `Refusal` before changing anything. Rows for the batch go
   * through `context.stage`, balance changes through `context.move`: both are dropped if the
   * command is refused.
   */
  apply(command: Command, context: CommandContext, now: Date): CommandResult;
  /** Its pending deadlines, from its loaded state: the core rebuilds its schedule from them at every load. */
  deadlines?(): Iterable<Deadline>;
  /** Its live price triggers, from its loaded state: rebuilt at every load. */
  triggers?(): Iterable<PriceTrigger>;
  /** The marks made since the last call, one per pair, with their inputs (the index kind: decision 0013). */
  takeMovedMarks?(): Iterable<MarkPrice>;
  /** Its live last-trade triggers (stop orders), from its loaded state: rebuilt at every load. */
  lastTradeTriggers?(): Iterable<LastTradeTrigger>;
  /**
   * The trades printed since the last call, in order (a kind that owns books); right after a load,
   * each pair's last recorded trade, so triggers it already reached fire at once.
   */
  takeTradePrints?(): TradePrint[];
}

/**
 * A row type the batch writes. With `key`, rows staged twice in a batch are written once, in their
 * final state; without, every row is written, in order.
 */
export interface CoreTable<Row> {
  readonly name: string;
  key?(row: Row): number | string;
  /** the copy written and published, for rows the state goes on changing in place */
  snapshot?(row: Row): Row;
  /**
   * Its part of the batch statement: one data-modifying statement reading its rows from
   * `source(values, columns)` (a `json_to_recordset` of one JSON parameter).
   */
  statement(source: (values: object[], columns: string) => string, rows: readonly Row[]): string;
  /** tells listeners once the batch is durable */
  publish?(events: CoreEventEmitter, rows: Row[]): void;
}

/**
 * A due time. When it comes, the core applies `command()` like any other command, through the
 * batch. `key` is that command's idempotency key (`deadline:<kind>:<id>`): once the command is
 * durable it never applies again, across restarts.
 */
export interface Deadline {
  key: string;
  /** epoch milliseconds */
  dueAt: number;
  command(): CoreCommandBase;
}

/**
 * What a pair's guarded mark was made of (decision 0013): the index tick it was made at, its index,
 * the book's impact prices at that tick (null: the side could not fill the impact notional), and
 * the smoothed premium before the band. The tick (a row of the view `index_ticks`, read out of its
 * round in `index_rounds`) holds the rest.
 */
export interface MarkInputs {
  pairId: number;
  tickId: number;
  index: Atoms;
  impactBid: Atoms | null;
  impactAsk: Atoms | null;
  premium: Atoms;
}

/** What a trigger's firing records: the mark that crossed its level and what it was made of. */
export interface TriggerFiring {
  mark: Atoms;
  inputs: MarkInputs;
  at: Date;
}

/**
 * Fires once when the pair's mark reaches its level: `rise` when the mark is ≥ level, `fall` when
 * it is ≤ level. Firing applies `fire(firing)` through the batch; `key` names the trigger (and is
 * the fired command's idempotency key).
 */
export interface PriceTrigger {
  key: string;
  pairId: number;
  direction: 'rise' | 'fall';
  level: Atoms;
  fire(firing: TriggerFiring): CoreCommandBase;
}
