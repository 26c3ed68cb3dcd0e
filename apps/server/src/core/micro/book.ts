import type { Queryable } from '../../db/database';
import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindLookup, KindState, LoadContext } from '../kind';
import { refuse } from '../refusal';
import { spotKind } from '../spot/kind';
import type { SpotMarkets } from '../spot/markets';
import type { TapeTrade } from '../spot/trade-tape';
import { markPrice } from '../triggers/mark-price';
import { loadMicro, MICRO_ORDERS, MICRO_SETTLEMENTS, type MicroRows } from './repository';
import { factProfitsOf, MICRO_CLOSED, MICRO_RUNNING, reserveOf, resultOf, type MicroContract, type MicroDirection } from './state';

/** Opens a contract at the pair's mark; the terms (ratio, fee) come from the operator's settings of the moment. */
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

/** One deadline per pair and expiry millisecond: it settles every contract of that instant in one command. */
export const microDeadlineKey = (pairId: number, expiresAt: number) => `deadline:micro:${pairId}:${expiresAt}`;

/** The reference of the house's one ledger entry per currency for a settlement (its owners' entries name each contract). */
export const microSettlementReference = (pairId: number, expiresAt: number) => `micro:settle:${pairId}:${expiresAt}`;

const instantOf = (pairId: number, expiresAt: number) => `${pairId}:${expiresAt}`;

/**
 * The running second contracts. Money: the stake is locked in the user's micro wallet and what a
 * win would pay is locked in the house's (`system:house`), both at the opening, so a settlement
 * never lacks funds and the house never promises more than it holds. The result depends on two
 * recorded prices only: the mark at the opening and the pair's last trade at or before the expiry.
 */
export class MicroBook implements KindState<MicroCommand, MicroRows> {
  /** the running contracts by instant (pair and expiry millisecond), then by id */
  private readonly instants = new Map<string, Map<number, MicroContract>>();
  private running = 0;
  /** end trades of instants already past at the load (by instant), looked up in `spot_trades` */
  private readonly resolved = new Map<string, TapeTrade | null>();
  private lastId = 0;
  private houseAccount = 0;
  private feeAccount = 0;

  constructor(private readonly kinds: KindLookup) {}

  private get spot(): SpotMarkets {
    return this.kinds.stateOf(spotKind);
  }

  load(db: Queryable, context: LoadContext): Promise<MicroRows> {
    return loadMicro(db, context.now);
  }

  reset(rows: MicroRows, context: LoadContext): void {
    this.instants.clear();
    this.running = 0;
    this.resolved.clear();
    for (const contract of rows.running) this.track(contract);
    for (const [instant, trade] of rows.resolved) this.resolved.set(instant, trade);
    this.lastId = rows.lastId;
    this.houseAccount = rows.houseAccount;
    this.feeAccount = context.feeAccount;
  }

  *deadlines(): Iterable<Deadline> {
    for (const contracts of this.instants.values()) {
      const [first] = contracts.values();
      if (first) yield deadlineOf(first.pairId, first.expiresAt.getTime());
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
    const instant = instantOf(contract.pairId, contract.expiresAt.getTime());
    let contracts = this.instants.get(instant);
    if (contracts === undefined) this.instants.set(instant, (contracts = new Map()));
    contracts.set(contract.id, contract);
    this.running += 1;
  }

  private open(input: MicroOpenCommand, context: CommandContext, now: Date): MicroContract {
    const pair = this.spot.pairs.get(input.pairId);
    if (!pair) refuse('pair not found');
    if (!pair.enabled) refuse('pair not enabled');
    if (input.number <= 0n || input.seconds <= 0 || input.fee < 0n || input.profitRatio < 0n) refuse('parameter error');
    if (this.houseAccount === 0) refuse('system config error');
    const inputs = this.spot.markInputs(pair.id);
    const mark = markPrice(inputs);
    if (mark === null || inputs.lastTrade === null) refuse('no market price');
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
      openPrice: mark,
      openBid: inputs.bestBid,
      openAsk: inputs.bestAsk,
      openLast: inputs.lastTrade,
      openedAt: now,
      expiresAt: new Date(now.getTime() + input.seconds * 1000),
      status: MICRO_RUNNING,
      endPrice: null,
      endTradeId: null,
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
   * Settles every running contract of the instant at the pair's last trade at or before it,
   * whenever the deadline runs: a late run (a restart) gives the same price as a timely one. They
   * share the end trade, so they settle all together or (refused) not at all; a contract already
   * settled is no longer running and is not in the instant. Each owner gets one ledger entry per
   * contract (`micro:<id>`); the house one per currency for the whole instant, the net of its side.
   */
  private settle(input: MicroSettleCommand, context: CommandContext, now: Date): void {
    const instant = instantOf(input.pairId, input.expiresAt);
    const contracts = this.instants.get(instant);
    if (contracts === undefined || contracts.size === 0) refuse('order already handled');
    // a trade may still be recorded within the expiry millisecond: settle only after it
    if (now.getTime() <= input.expiresAt) refuse('please retry');
    const end = this.resolved.has(instant) ? this.resolved.get(instant) : this.spot.tape.lastAtOrBefore(input.pairId, input.expiresAt);
    // not covered in memory (a process that stalled for an hour): the next load looks it up
    if (end === undefined || end === null) refuse('please retry');
    const house = new Map<number, { available: Atoms; locked: Atoms }>();
    for (const contract of contracts.values()) {
      const result = resultOf(contract.type, contract.openPrice, end.price);
      const owner = { userId: contract.userId, currencyId: contract.currencyId, wallet: WALLET, reference: `micro:${contract.id}` };
      const side = house.get(contract.currencyId) ?? { available: 0n, locked: 0n };
      side.locked -= contract.reserve;
      if (result === 'win') {
        context.move({ ...owner, locked: -contract.number, available: contract.number + contract.reserve, reason: 'micro_win' });
      } else if (result === 'loss') {
        context.move({ ...owner, locked: -contract.number, reason: 'micro_loss' });
        side.available += contract.reserve + contract.number;
      } else {
        // a tie returns the stake; the fee charged at the opening stays with the fee account
        context.move({ ...owner, locked: -contract.number, available: contract.number, reason: 'micro_tie' });
        side.available += contract.reserve;
      }
      house.set(contract.currencyId, side);
      context.stage(MICRO_SETTLEMENTS, {
        ...contract,
        status: MICRO_CLOSED,
        endPrice: end.price,
        endTradeId: end.id,
        result,
        factProfits: factProfitsOf(result, contract.number, contract.reserve),
        settledAt: now,
      });
    }
    const reference = microSettlementReference(input.pairId, input.expiresAt);
    for (const [currencyId, side] of house) {
      context.move({ userId: this.houseAccount, currencyId, wallet: WALLET, ...side, reason: 'micro_settle', reference });
    }
    // every move succeeded: the instant leaves the running state
    this.running -= contracts.size;
    this.instants.delete(instant);
    this.resolved.delete(instant);
  }
}

/** Due one millisecond after the expiry: every trade recorded at the expiry instant is in by then. */
function deadlineOf(pairId: number, expiresAt: number): Deadline {
  const key = microDeadlineKey(pairId, expiresAt);
  return { key, dueAt: expiresAt + 1, command: (): MicroSettleCommand => ({ kind: 'micro_settle', key, pairId, expiresAt }) };
}
