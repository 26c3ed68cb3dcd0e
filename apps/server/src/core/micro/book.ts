import type { Queryable } from '../../db/database';
import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindLookup, KindState, LoadContext } from '../kind';
import { refuse } from '../refusal';
import { spotKind } from '../spot/kind';
import type { SpotMarkets } from '../spot/markets';
import type { TapeTrade } from '../spot/trade-tape';
import { markPrice } from '../triggers/mark-price';
import { loadMicro, MICRO_ORDERS, type MicroRows } from './repository';
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

/** Settles a contract at its expiry: issued by its deadline only. */
export interface MicroSettleCommand {
  kind: 'micro_settle';
  key: string;
  contractId: number;
}

export type MicroCommand = MicroOpenCommand | MicroSettleCommand;

const WALLET = 'micro' as const;

export const microDeadlineKey = (contractId: number) => `deadline:micro:${contractId}`;

/**
 * The running second contracts. Money: the stake is locked in the user's micro wallet and what a
 * win would pay is locked in the house's (`system:house`), both at the opening, so a settlement
 * never lacks funds and the house never promises more than it holds. The result depends on two
 * recorded prices only: the mark at the opening and the pair's last trade at or before the expiry.
 */
export class MicroBook implements KindState<MicroCommand, MicroRows> {
  private readonly running = new Map<number, MicroContract>();
  /** end trades of contracts already expired at the load, looked up in `spot_trades` */
  private readonly resolved = new Map<number, TapeTrade | null>();
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
    this.running.clear();
    this.resolved.clear();
    for (const contract of rows.running) this.running.set(contract.id, contract);
    for (const [id, trade] of rows.resolved) this.resolved.set(id, trade);
    this.lastId = rows.lastId;
    this.houseAccount = rows.houseAccount;
    this.feeAccount = context.feeAccount;
  }

  *deadlines(): Iterable<Deadline> {
    for (const contract of this.running.values()) yield deadlineOf(contract);
  }

  apply(command: MicroCommand, context: CommandContext, now: Date): CommandResult {
    const contract = command.kind === 'micro_open' ? this.open(command, context, now) : this.settle(command, context, now);
    return { applied: true, microId: contract.id };
  }

  /** How many contracts run now (benchmarks and tests). */
  get runningCount(): number {
    return this.running.size;
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
    this.running.set(id, contract);
    context.stage(MICRO_ORDERS, contract);
    context.addDeadline(deadlineOf(contract));
    return contract;
  }

  /**
   * Settles at the pair's last trade at or before the expiry, whenever the deadline runs: a late
   * run (a restart) gives the same price as a timely one.
   */
  private settle(input: MicroSettleCommand, context: CommandContext, now: Date): MicroContract {
    const contract = this.running.get(input.contractId);
    if (!contract) refuse('order already handled');
    const expiry = contract.expiresAt.getTime();
    // a trade may still be recorded within the expiry millisecond: settle only after it
    if (now.getTime() <= expiry) refuse('please retry');
    const end = this.resolved.has(contract.id) ? this.resolved.get(contract.id) : this.spot.tape.lastAtOrBefore(contract.pairId, expiry);
    // not covered in memory (a process that stalled for an hour): the next load looks it up
    if (end === undefined || end === null) refuse('please retry');
    const result = resultOf(contract.type, contract.openPrice, end.price);
    const reference = `micro:${contract.id}`;
    const owner = { userId: contract.userId, currencyId: contract.currencyId, wallet: WALLET, reference };
    const house = { userId: this.houseAccount, currencyId: contract.currencyId, wallet: WALLET, reference };
    if (result === 'win') {
      context.move({ ...owner, locked: -contract.number, available: contract.number + contract.reserve, reason: 'micro_win' });
      context.move({ ...house, locked: -contract.reserve, reason: 'micro_win' });
    } else if (result === 'loss') {
      context.move({ ...owner, locked: -contract.number, reason: 'micro_loss' });
      context.move({ ...house, locked: -contract.reserve, available: contract.reserve + contract.number, reason: 'micro_loss' });
    } else {
      // a tie returns the stake; the fee charged at the opening stays with the fee account
      context.move({ ...owner, locked: -contract.number, available: contract.number, reason: 'micro_tie' });
      context.move({ ...house, locked: -contract.reserve, available: contract.reserve, reason: 'micro_tie' });
    }
    const closed: MicroContract = {
      ...contract,
      status: MICRO_CLOSED,
      endPrice: end.price,
      endTradeId: end.id,
      result,
      factProfits: factProfitsOf(result, contract.number, contract.reserve),
      settledAt: now,
    };
    this.running.delete(contract.id);
    this.resolved.delete(contract.id);
    context.stage(MICRO_ORDERS, closed);
    return closed;
  }
}

/** Due one millisecond after the expiry: every trade recorded at the expiry instant is in by then. */
function deadlineOf(contract: MicroContract): Deadline {
  const key = microDeadlineKey(contract.id);
  return { key, dueAt: contract.expiresAt.getTime() + 1, command: (): MicroSettleCommand => ({ kind: 'micro_settle', key, contractId: contract.id }) };
}
