import type { Queryable } from '../../db/database';
import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindState } from '../kind';
import { refuse } from '../refusal';
import { ACCEPTOR_DEALS, loadAcceptorDeals, type AcceptorDealRows } from './repository';
import { AUTO_CONFIRM_MS, coinsOf, DEAL_STATUS, type AcceptorDealState, type DealType, type PaymentWay } from './state';

/** A user may have this many deals open at once. */
export const MAX_OPEN_DEALS_PER_USER = 3;

export interface OpenDeal {
  userId: number;
  acceptorId: number;
  currencyId: number;
  type: DealType;
  way: PaymentWay;
  mobile: string;
  dealAccount: string;
  money: Atoms;
  rate: Atoms;
  fee: Atoms;
}

/**
 * Opens a deal and escrows its coins: a buy reserves what the acceptor will give (their available
 * → locked), a sell freezes what the user sells (theirs).
 */
export interface AcceptorDealOpenCommand extends OpenDeal {
  kind: 'acceptor_deal_open';
  key: string;
}

/**
 * The acceptor's step on one of their deals: `confirm` a buy (the user paid: coins go to the user),
 * `reject` an open deal (the escrow returns), or mark a sell `paid` (the user's confirmation is
 * due, or comes by itself 20 minutes later).
 */
export interface AcceptorDealDecideCommand {
  kind: 'acceptor_deal_decide';
  key: string;
  acceptorId: number;
  dealId: number;
  decision: 'confirm' | 'reject' | 'paid';
}

/** A paid sell is confirmed: by its user, or by the deadline (`userId` null). The coins go to the acceptor. */
export interface AcceptorDealReceiveCommand {
  kind: 'acceptor_deal_receive';
  key: string;
  userId: number | null;
  dealId: number;
}

/**
 * The user disputes the acceptor's "paid" on a sell, within the confirmation window: the deal no
 * longer confirms itself and waits for an operator's ruling (as an appealed c2c order does).
 */
export interface AcceptorDealObjectCommand {
  kind: 'acceptor_deal_object';
  key: string;
  userId: number;
  dealId: number;
}

/** An operator's ruling on a disputed deal: `release` the escrowed coins to the acceptor, or `return` them to the user. */
export interface AcceptorDealRuleCommand {
  kind: 'acceptor_deal_rule';
  key: string;
  operatorId: number;
  dealId: number;
  outcome: 'release' | 'return';
}

export type AcceptorDealCommand = AcceptorDealOpenCommand | AcceptorDealDecideCommand | AcceptorDealReceiveCommand | AcceptorDealObjectCommand | AcceptorDealRuleCommand;

const receiveKey = (id: number) => `deadline:acceptor:${id}`;

/**
 * Acceptor deals: coins change hands between a user and an acceptor for fiat paid outside the
 * platform. The coins of every open deal are escrowed, so a confirmation can never fail for want
 * of balance, and a rejection returns exactly what was escrowed.
 */
export class AcceptorDealBook implements KindState<AcceptorDealCommand, AcceptorDealRows> {
  private readonly open = new Map<number, AcceptorDealState>();
  private lastId = 0;

  load(db: Queryable): Promise<AcceptorDealRows> {
    return loadAcceptorDeals(db);
  }

  reset(rows: AcceptorDealRows): void {
    this.open.clear();
    for (const deal of rows.open) this.open.set(deal.id, deal);
    this.lastId = rows.lastId;
  }

  apply(command: AcceptorDealCommand, context: CommandContext, now: Date): CommandResult {
    if (command.kind === 'acceptor_deal_open') return { applied: true, recordId: this.openDeal(command, context, now).id };
    if (command.kind === 'acceptor_deal_decide') return { applied: true, recordId: this.decide(command, context, now).id };
    if (command.kind === 'acceptor_deal_object') return { applied: true, recordId: this.object(command, context, now).id };
    if (command.kind === 'acceptor_deal_rule') return { applied: true, recordId: this.rule(command, context, now).id };
    return { applied: true, recordId: this.receive(command, context, now).id };
  }

  *deadlines(): Iterable<Deadline> {
    for (const deal of this.open.values()) if (deal.isSure === DEAL_STATUS.paid && deal.objectedAt === null) yield this.receiveDeadline(deal);
  }

  private openDeal(input: OpenDeal, context: CommandContext, now: Date): AcceptorDealState {
    if (input.money <= 0n || input.fee < 0n || input.fee >= input.money) refuse('amount must be greater than zero');
    if (input.userId === input.acceptorId) refuse('you cannot deal with yourself');
    let openOfUser = 0;
    for (const deal of this.open.values()) if (deal.userId === input.userId) openOfUser++;
    if (openOfUser >= MAX_OPEN_DEALS_PER_USER) refuse('too many open deals');
    const id = this.lastId + 1;
    const deal: AcceptorDealState = { id, ...input, isSure: DEAL_STATUS.open, paidAt: null, objectedAt: null, ruling: '', ruledBy: null, createdAt: now, updatedAt: now };
    const coins = coinsOf(deal);
    const reference = `acceptor_deal:${id}`;
    if (input.type === 'buy') {
      const acceptor = { userId: input.acceptorId, currencyId: input.currencyId, wallet: 'change' as const };
      if (context.balance(acceptor).available < coins) refuse('the acceptor has insufficient balance');
      context.move({ ...acceptor, available: -coins, locked: coins, reason: 'acceptor_escrow', reference });
    } else {
      const user = { userId: input.userId, currencyId: input.currencyId, wallet: 'change' as const };
      context.move({ ...user, available: -coins, locked: coins, reason: 'acceptor_escrow', reference });
    }
    this.lastId = id;
    this.open.set(id, deal);
    context.stage(ACCEPTOR_DEALS, deal);
    return deal;
  }

  private decide(input: AcceptorDealDecideCommand, context: CommandContext, now: Date): AcceptorDealState {
    const deal = this.open.get(input.dealId);
    if (!deal) refuse('order already handled');
    if (deal.acceptorId !== input.acceptorId) refuse('not your order');
    if (deal.isSure !== DEAL_STATUS.open) refuse('order already handled');
    const reference = `acceptor_deal:${deal.id}`;
    const coins = coinsOf(deal);
    const acceptor = { userId: deal.acceptorId, currencyId: deal.currencyId, wallet: 'change' as const };
    const user = { userId: deal.userId, currencyId: deal.currencyId, wallet: 'change' as const };
    if (input.decision === 'confirm') {
      // only a buy is confirmed by the acceptor; a sell is confirmed by its user once paid
      if (deal.type !== 'buy') refuse('order already handled');
      context.move({ ...acceptor, locked: -coins, reason: 'acceptor_deal', reference });
      context.move({ ...user, available: coins, reason: 'acceptor_deal', reference });
      return this.settle(deal, DEAL_STATUS.confirmed, context, now);
    }
    if (input.decision === 'reject') {
      context.move({ ...(deal.type === 'buy' ? acceptor : user), locked: -coins, available: coins, reason: 'acceptor_release', reference });
      return this.settle(deal, DEAL_STATUS.rejected, context, now);
    }
    if (deal.type !== 'sell') refuse('order already handled');
    const paid: AcceptorDealState = { ...deal, isSure: DEAL_STATUS.paid, paidAt: now, updatedAt: now };
    this.open.set(paid.id, paid);
    context.stage(ACCEPTOR_DEALS, paid);
    context.addDeadline(this.receiveDeadline(paid));
    return paid;
  }

  private receive(input: AcceptorDealReceiveCommand, context: CommandContext, now: Date): AcceptorDealState {
    const deal = this.open.get(input.dealId);
    if (!deal) refuse('order already handled');
    if (input.userId !== null && deal.userId !== input.userId) refuse('not your order');
    if (deal.isSure !== DEAL_STATUS.paid) refuse('order already handled');
    // a disputed deal waits for an operator: the deadline confirms nothing (its user still may)
    if (input.userId === null && deal.objectedAt !== null) refuse('order already appealed');
    return this.release(deal, context, now);
  }

  private object(input: AcceptorDealObjectCommand, context: CommandContext, now: Date): AcceptorDealState {
    const deal = this.open.get(input.dealId);
    if (!deal || deal.userId !== input.userId) refuse('order not found');
    if (deal.isSure !== DEAL_STATUS.paid) refuse('order already handled');
    if (deal.objectedAt !== null) refuse('order already appealed');
    if (now.getTime() >= (deal.paidAt ?? deal.updatedAt).getTime() + AUTO_CONFIRM_MS) refuse('order already handled');
    const objected: AcceptorDealState = { ...deal, objectedAt: now, updatedAt: now };
    this.open.set(objected.id, objected);
    context.stage(ACCEPTOR_DEALS, objected);
    return objected;
  }

  private rule(input: AcceptorDealRuleCommand, context: CommandContext, now: Date): AcceptorDealState {
    const deal = this.open.get(input.dealId);
    if (!deal || deal.isSure !== DEAL_STATUS.paid || deal.objectedAt === null) refuse('order already handled');
    const ruled: AcceptorDealState = { ...deal, ruling: input.outcome, ruledBy: input.operatorId };
    if (input.outcome === 'release') return this.release(ruled, context, now);
    // the user was not paid: the escrowed coins return to them
    context.move({ userId: deal.userId, currencyId: deal.currencyId, wallet: 'change', locked: -deal.money, available: deal.money, reason: 'acceptor_release', reference: `acceptor_deal:${deal.id}` });
    return this.settle(ruled, DEAL_STATUS.rejected, context, now);
  }

  /** A paid sell completes: the user's escrowed coins go to the acceptor. */
  private release(deal: AcceptorDealState, context: CommandContext, now: Date): AcceptorDealState {
    const reference = `acceptor_deal:${deal.id}`;
    context.move({ userId: deal.userId, currencyId: deal.currencyId, wallet: 'change', locked: -deal.money, reason: 'acceptor_deal', reference });
    context.move({ userId: deal.acceptorId, currencyId: deal.currencyId, wallet: 'change', available: deal.money, reason: 'acceptor_deal', reference });
    return this.settle(deal, DEAL_STATUS.confirmed, context, now);
  }

  private settle(deal: AcceptorDealState, status: 1 | 2, context: CommandContext, now: Date): AcceptorDealState {
    const next: AcceptorDealState = { ...deal, isSure: status, updatedAt: now };
    this.open.delete(next.id);
    context.stage(ACCEPTOR_DEALS, next);
    return next;
  }

  private receiveDeadline(deal: AcceptorDealState): Deadline {
    const id = deal.id;
    return {
      key: receiveKey(id),
      dueAt: (deal.paidAt ?? deal.updatedAt).getTime() + AUTO_CONFIRM_MS,
      command: () => ({ kind: 'acceptor_deal_receive', key: receiveKey(id), userId: null, dealId: id }),
    };
  }
}
