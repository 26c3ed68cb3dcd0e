import type { Queryable } from '../../db/database';
import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindLookup, KindState, LoadContext } from '../kind';
import { refuse } from '../refusal';
import { spotKind } from '../spot/kind';
import type { SpotMarkets } from '../spot/markets';
import type { TapeTrade } from '../spot/trade-tape';
import { indexPricesKind } from '../index-prices/kind';
import type { IndexBook } from '../index-prices/book';
import { isStale } from '../index-prices/rules';
import { loadMicro, MICRO_ORDERS, MICRO_SETTLEMENTS, type MicroRows, type MicroSettlement } from './repository';
import { factProfitsOf, MICRO_CLOSED, MICRO_RUNNING, reserveOf, resultOf, type MicroContract, type MicroDirection } from './state';

/** Opens a contract at the pair's index; the terms (ratio, fee) come from the operator's settings of the moment. */
export interface MicroOpenCommand {
  kind: 'micro_open';
  key: string;
  userId: number;
  pairId: number;
  currencyId: number;
  type: MicroDirection;
  seconds: number;
  number: Atoms;
  fee: Atoms;
  profitRatio: Atoms;
}

/** Settles every running contract of a pair expiring at one instant: issued by that instant's deadline only. */
export interface MicroSettleCommand {
  kind: 'micro_settle';
  key: string;
  pairId: number;
  /** the expiry, epoch milliseconds */
  expiresAt: number;
}

export type MicroCommand = MicroOpenCommand | MicroSettleCommand;

const WALLET = 'micro' as const;

/** One deadline per pair and expiry millisecond; when it runs it settles every instant of the pair already past. */
export const microDeadlineKey = (pairId: number, expiresAt: number) => `deadline:micro:${pairId}:${expiresAt}`;

/** The reference of a settlement's ledger entries: one per owner and currency, one per currency for the house. */
export const microSettlementReference = (pairId: number, expiresAt: number) => `micro:settle:${pairId}:${expiresAt}`;

const instantOf = (pairId: number, expiresAt: number) => `${pairId}:${expiresAt}`;

/** The running contracts of one pair: by expiry instant, and the instants in order of expiry. */
class PairInstants {
  readonly byExpiry = new Map<number, Map<number, MicroContract>>();
  /** every key of `byExpiry`, ascending */
  order: number[] = [];

  add(contract: MicroContract): void {
    const expiresAt = contract.expiresAt.getTime();
    let contracts = this.byExpiry.get(expiresAt);
    if (contracts === undefined) {
      this.byExpiry.set(expiresAt, (contracts = new Map()));
      // openings come in time order, so a new instant is nearly always the last: search from the end
      let index = this.order.length;
      while (index > 0 && (this.order[index - 1] as number) > expiresAt) index -= 1;
      this.order.splice(index, 0, expiresAt);
    }
    contracts.set(contract.id, contract);
  }

  /** The instants that ended before `now`, earliest first. */
  pastAt(now: number): number[] {
    let count = 0;
    while (count < this.order.length && (this.order[count] as number) < now) count += 1;
    return this.order.slice(0, count);
  }

  remove(instants: ReadonlySet<number>): void {
    for (const expiresAt of instants) this.byExpiry.delete(expiresAt);
    this.order = this.order.filter((expiresAt) => !instants.has(expiresAt));
  }
}

/** An owner's or the house's net change in one currency over a settlement. */
interface NetMove {
  userId: number;
  currencyId: number;
  available: Atoms;
  locked: Atoms;
}

/** Net changes by account and currency, in order of first use. */
class NetMoves {
  private readonly moves = new Map<number, Map<number, NetMove>>();

  of(userId: number, currencyId: number): NetMove {
    let byCurrency = this.moves.get(userId);
    if (byCurrency === undefined) this.moves.set(userId, (byCurrency = new Map()));
    let move = byCurrency.get(currencyId);
    if (move === undefined) byCurrency.set(currencyId, (move = { userId, currencyId, available: 0n, locked: 0n }));
    return move;
  }

  *all(): Iterable<NetMove> {
    for (const byCurrency of this.moves.values()) yield* byCurrency.values();
  }
}

/**
 * The running second contracts. Money: the stake is locked in the user's micro wallet and what a
 * win would pay is locked in the house's (`system:house`), both at the opening, so a settlement
 * never lacks funds and the house never promises more than it holds. The result depends on two
 * recorded index ticks only (decision 0013): the index at the opening and the pair's index tick at
 * or before the expiry. Nobody's spot orders or trades move either. An instant whose index was
 * stale or missing at the expiry is void, the same for everyone: stakes and fees come back.
 */
export class MicroBook implements KindState<MicroCommand, MicroRows> {
  private readonly pairs = new Map<number, PairInstants>();
  private running = 0;
  /** end ticks of instants already past at the load (by instant), looked up in `index_rounds` */
  private readonly resolved = new Map<string, TapeTrade | null>();
  private lastId = 0;
  private houseAccount = 0;
  private feeAccount = 0;

  constructor(private readonly kinds: KindLookup) {}

  private get spot(): SpotMarkets {
    return this.kinds.stateOf(spotKind);
  }

  private get index(): IndexBook {
    return this.kinds.stateOf(indexPricesKind);
  }

  load(db: Queryable, context: LoadContext): Promise<MicroRows> {
    return loadMicro(db, context.now);
  }

  reset(rows: MicroRows, context: LoadContext): void {
    this.pairs.clear();
    this.running = 0;
    this.resolved.clear();
    for (const contract of rows.running) this.track(contract);
    for (const [instant, trade] of rows.resolved) this.resolved.set(instant, trade);
    this.lastId = rows.lastId;
    this.houseAccount = rows.houseAccount;
    this.feeAccount = context.feeAccount;
  }

  *deadlines(): Iterable<Deadline> {
    for (const [pairId, instants] of this.pairs) {
      for (const expiresAt of instants.order) yield deadlineOf(pairId, expiresAt);
    }
  }

  apply(command: MicroCommand, context: CommandContext, now: Date): CommandResult {
    if (command.kind === 'micro_settle') {
      this.settle(command, context, now);
      return { applied: true };
    }
    return { applied: true, microId: this.open(command, context, now).id };
  }

  /** How many contracts run now (benchmarks and tests). */
  get runningCount(): number {
    return this.running;
  }

  private track(contract: MicroContract): void {
    let instants = this.pairs.get(contract.pairId);
    if (instants === undefined) this.pairs.set(contract.pairId, (instants = new PairInstants()));
    instants.add(contract);
    this.running += 1;
  }
  private open(input: MicroOpenCommand, context: CommandContext, now: Date): MicroContract {
    const pair = this.spot.pairs.get(input.pairId);
    if (!pair) refuse('pair not found');
    if (!pair.enabled) refuse('pair not enabled');
    if (input.number <= 0n || input.seconds <= 0 || input.fee < 0n || input.profitRatio < 0n) refuse('parameter error');
    if (this.houseAccount === 0) refuse('system config error');
    const tick = this.index.newest(pair.id);
    if (!tick) refuse('no market price');
    // a stale index opens nothing: whoever knows where the market went would bet against the house at an old price
    if (isStale(tick.at.getTime(), now.getTime())) refuse('the index price is unavailable now');
    const id = this.lastId + 1;
    const reference = `micro:${id}`;
    const owner = { userId: input.userId, currencyId: input.currencyId, wallet: WALLET, reference };
    // refuses `insufficient balance` before anything here changes
    context.move({ ...owner, available: -input.number, locked: input.number, reason: 'micro_stake' });
    if (input.fee > 0n) {
      context.move({ ...owner, available: -input.fee, reason: 'micro_fee' });
      context.move({ userId: this.feeAccount, currencyId: input.currencyId, wallet: WALLET, available: input.fee, reason: 'micro_fee', reference });
    }
    const reserve = reserveOf(input.number, input.profitRatio);
    const house = { userId: this.houseAccount, currencyId: input.currencyId, wallet: WALLET, reference };
    if (context.balance(house).available < reserve) refuse('second contracts cannot take this stake now');
    context.move({ ...house, available: -reserve, locked: reserve, reason: 'micro_reserve' });
    this.lastId = id;
    const contract: MicroContract = {
      id,
      userId: input.userId,
      pairId: pair.id,
      currencyId: input.currencyId,
      type: input.type,
      seconds: input.seconds,
      number: input.number,
      fee: input.fee,
      profitRatio: input.profitRatio,
      reserve,
      openPrice: tick.value,
      openTickId: tick.id,
      openedAt: now,
      expiresAt: new Date(now.getTime() + input.seconds * 1000),
      status: MICRO_RUNNING,
      endPrice: null,
      endTickId: null,
      result: null,
      factProfits: null,
      settledAt: null,
    };
    this.track(contract);
    context.stage(MICRO_ORDERS, contract);
    // the instant's deadline, if not yet scheduled (a key is scheduled once)
    context.addDeadline(deadlineOf(contract.pairId, contract.expiresAt.getTime()));
    return contract;
  }

  /**
   * Settles the instant, and with it every other instant of the pair already past (a timely
   * deadline finds none; a core that fell behind settles them all at once). Each instant ends at
   * the pair's index tick at or before it, whenever this runs: a late run (a restart) gives the
   * same price as a timely one. An instant whose tick is missing or stale at the expiry is void:
   * every stake comes back with its fee (from the fee account), every reserve to the house. Money
   * moves once per account and currency, the net of its contracts here, all under one reference;
   * each instant's end tick is recorded (`micro_settlements`), from which every outcome follows.
   */
  private settle(input: MicroSettleCommand, context: CommandContext, now: Date): void {
    const instants = this.pairs.get(input.pairId);
    if (instants?.byExpiry.get(input.expiresAt) === undefined) refuse('order already handled');
    // a tick may still be recorded within the expiry millisecond: settle only after it
    if (now.getTime() <= input.expiresAt) refuse('please retry');
    const ends = new Map<number, TapeTrade | null>();
    for (const expiresAt of instants.pastAt(now.getTime())) {
      const end = this.endOf(input.pairId, expiresAt);
      // not covered in memory (a process that stalled for an hour): the next load looks it up
      if (end !== undefined) ends.set(expiresAt, end);
    }
    if (!ends.has(input.expiresAt)) refuse('please retry');

    const reference = microSettlementReference(input.pairId, input.expiresAt);
    const moves = new NetMoves();
    const settlements: MicroSettlement[] = [];
    for (const [expiresAt, end] of ends) {
      const contracts = instants.byExpiry.get(expiresAt) as Map<number, MicroContract>;
      const endPrice = end === null || isStale(end.at, expiresAt) ? null : end.price;
      const settled: MicroContract[] = [];
      for (const contract of contracts.values()) {
        const result = endPrice === null ? 'void' : resultOf(contract.type, contract.openPrice, endPrice);
        const owner = moves.of(contract.userId, contract.currencyId);
        const side = moves.of(this.houseAccount, contract.currencyId);
        owner.locked -= contract.number;
        side.locked -= contract.reserve;
        // a win pays the stake and the reserve; a tie returns the stake (the opening fee is kept); a loss goes to the house;
        // a void contract returns the stake and the fee (the fee account pays it back), the reserve to the house
        if (result === 'win') owner.available += contract.number + contract.reserve;
        else if (result === 'tie') {
          owner.available += contract.number;
          side.available += contract.reserve;
        } else if (result === 'void') {
          owner.available += contract.number + contract.fee;
          side.available += contract.reserve;
          moves.of(this.feeAccount, contract.currencyId).available -= contract.fee;
        } else side.available += contract.reserve + contract.number;
        settled.push({
          ...contract,
          status: MICRO_CLOSED,
          endPrice: endPrice ?? contract.openPrice,
          endTickId: end?.id ?? null,
          result,
          factProfits: factProfitsOf(result, contract.number, contract.reserve),
          settledAt: now,
        });
      }
      settlements.push({
        pairId: input.pairId,
        expiresAt: new Date(expiresAt),
        endPrice,
        endTickId: end?.id ?? null,
        void: endPrice === null,
        settledAt: now,
        reference,
        contracts: settled,
      });
    }
    // the fee account may have been emptied by an operator: the void contracts then wait (please retry), never paid short
    for (const move of moves.all()) {
      context.move({ ...move, wallet: WALLET, reason: 'micro_settle', reference });
    }
    for (const settlement of settlements) context.stage(MICRO_SETTLEMENTS, settlement);
    // every move succeeded: the instants leave the running state
    const done = new Set(ends.keys());
    for (const settlement of settlements) {
      this.running -= settlement.contracts.length;
      this.resolved.delete(instantOf(input.pairId, settlement.expiresAt.getTime()));
    }
    instants.remove(done);
    if (instants.byExpiry.size === 0) this.pairs.delete(input.pairId);
  }

  /**
   * The pair's index tick at or before the instant: null when the pair had none by then, undefined
   * when memory does not reach back that far.
   */
  private endOf(pairId: number, expiresAt: number): TapeTrade | null | undefined {
    const instant = instantOf(pairId, expiresAt);
    return this.resolved.has(instant) ? this.resolved.get(instant) : this.index.tape.lastAtOrBefore(pairId, expiresAt);
  }
}

/** Due one millisecond after the expiry: every trade recorded at the expiry instant is in by then. */
function deadlineOf(pairId: number, expiresAt: number): Deadline {
  const key = microDeadlineKey(pairId, expiresAt);
  return { key, dueAt: expiresAt + 1, command: (): MicroSettleCommand => ({ kind: 'micro_settle', key, pairId, expiresAt }) };
}
