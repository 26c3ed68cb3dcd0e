import type { Queryable } from '../../db/database';
import { fitsColumn, type Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindState, LoadContext } from '../kind';
import { refuse } from '../refusal';
import { C2C_ADS, C2C_ORDERS, loadC2c } from './repository';
import {
  DAILY_CANCEL_LIMIT,
  dealMoneyOf,
  isUnfinished,
  MAX_UNFINISHED_ORDERS,
  ORDER_STATUS,
  PAYMENT_WINDOW_MS,
  shanghaiDay,
  type AdState,
  type AdType,
  type CancelReason,
  type OrderState,
  type PaymentWay,
} from './state';

/** Publishes an ad; a sell ad escrows its total from the publisher's legal wallet. */
export interface C2cPublishCommand {
  kind: 'c2c_publish';
  key: string;
  userId: number;
  type: AdType;
  currencyId: number;
  price: Atoms;
  total: Atoms;
  minNumber: Atoms;
  maxNumber: Atoms;
  ways: PaymentWay[];
}

/** The publisher withdraws an ad: what no order holds is released; running orders go on. */
export interface C2cWithdrawCommand {
  kind: 'c2c_withdraw';
  key: string;
  userId: number;
  adId: number;
}

/** Takes an ad: `number` of coins (null: the ad's remainder, within its maximum). */
export interface C2cTakeCommand {
  kind: 'c2c_take';
  key: string;
  userId: number;
  adId: number;
  number: Atoms | null;
}

/** The buyer cancels an unpaid order, or declares it paid; the seller releases a paid one. */
export interface C2cOrderStepCommand {
  kind: 'c2c_cancel' | 'c2c_pay' | 'c2c_release';
  key: string;
  userId: number;
  orderId: number;
}

/** The end of an order's payment window: cancelled if still unpaid. */
export interface C2cExpireCommand {
  kind: 'c2c_expire';
  key: string;
  orderId: number;
}

/** Either party appeals a paid order the seller has not released within `appealAfterMs` of payment. */
export interface C2cAppealCommand {
  kind: 'c2c_appeal';
  key: string;
  userId: number;
  orderId: number;
  message: string;
  image: string;
  appealAfterMs: number;
}

/** An operator's ruling on an appealed order: release the coins to the buyer, or return them to the seller. */
export interface C2cResolveCommand {
  kind: 'c2c_resolve';
  key: string;
  operatorId: number;
  orderId: number;
  outcome: 'release' | 'return';
}

export type C2cCommand = C2cPublishCommand | C2cWithdrawCommand | C2cTakeCommand | C2cOrderStepCommand | C2cExpireCommand | C2cAppealCommand | C2cResolveCommand;

export interface C2cBookRows {
  /** open ads, and withdrawn or sold-out ones that still have unfinished orders */
  ads: AdState[];
  unfinished: OrderState[];
  /** per buyer, cancellations today (Shanghai) */
  cancelsToday: { userId: number; count: number }[];
  lastAdId: number;
  lastOrderId: number;
}

const WALLET = 'legal' as const;

/**
 * Peer-to-peer fiat trading: ads and their orders, and the coins they hold in escrow. The coins
 * of an order are locked in its seller's legal wallet until the seller releases them to the buyer
 * or the order is cancelled; only the core changes them, so concurrent takers never sell an ad
 * twice and a cancellation limit cannot be raced.
 */
export class C2cBook implements KindState<C2cCommand, C2cBookRows> {
  private readonly ads = new Map<number, AdState>();
  private readonly orders = new Map<number, OrderState>();
  private readonly cancels = new Map<number, number>();
  private day = 0;
  private lastAdId = 0;
  private lastOrderId = 0;

  load(db: Queryable, context: LoadContext): Promise<C2cBookRows> {
    return loadC2c(db, context.now);
  }

  reset(rows: C2cBookRows, context: LoadContext): void {
    this.ads.clear();
    this.orders.clear();
    this.cancels.clear();
    this.day = shanghaiDay(context.now);
    for (const ad of rows.ads) this.ads.set(ad.id, ad);
    for (const order of rows.unfinished) this.orders.set(order.id, order);
    for (const row of rows.cancelsToday) this.cancels.set(row.userId, row.count);
    this.lastAdId = rows.lastAdId;
    this.lastOrderId = rows.lastOrderId;
  }

  *deadlines(): Iterable<Deadline> {
    for (const order of this.orders.values()) if (order.status === ORDER_STATUS.unpaid) yield expiry(order);
  }

  apply(command: C2cCommand, context: CommandContext, now: Date): CommandResult {
    switch (command.kind) {
      case 'c2c_publish':
        return { applied: true, c2cId: this.publish(command, context, now).id };
      case 'c2c_withdraw':
        return { applied: true, c2cId: this.withdraw(command, context, now).id };
      case 'c2c_take':
        return { applied: true, c2cId: this.take(command, context, now).id };
      case 'c2c_cancel':
        return { applied: true, c2cId: this.cancel(this.asBuyer(command), 'buyer', context, now).id };
      case 'c2c_pay':
        return { applied: true, c2cId: this.pay(this.asBuyer(command), context, now).id };
      case 'c2c_release':
        return { applied: true, c2cId: this.release(command, context, now).id };
      case 'c2c_expire':
        return { applied: true, c2cId: this.expire(command, context, now).id };
      case 'c2c_appeal':
        return { applied: true, c2cId: this.appeal(command, context, now).id };
      case 'c2c_resolve':
        return { applied: true, c2cId: this.resolve(command, context, now).id };
    }
  }

  /** Cancellations the user has today (Shanghai); at DAILY_CANCEL_LIMIT they cannot trade fiat until tomorrow. */
  cancelsToday(userId: number, now: Date): number {
    this.rollDay(now);
    return this.cancels.get(userId) ?? 0;
  }

  private publish(input: C2cPublishCommand, context: CommandContext, now: Date): AdState {
    this.checkMayTrade(input.userId, now);
    if (input.price <= 0n) refuse('price must be greater than zero');
    if (input.total <= 0n) refuse('number must be greater than zero');
    if (input.minNumber < 0n || input.maxNumber < 0n) refuse('parameter error');
    if (input.minNumber > input.total) refuse('minimum must not exceed total');
    if (input.maxNumber > 0n && input.maxNumber < input.minNumber) refuse('maximum must not be below minimum');
    if (input.ways.length === 0) refuse('choose payment method');
    // every order of the ad is priced at most price × total: it must fit the deal_money column
    if (!fitsColumn(dealMoneyOf(input.price, input.total))) refuse('parameter error');
    const id = this.lastAdId + 1;
    if (input.type === 'sell') {
      // refuses `insufficient balance` before anything here changes
      context.move({ userId: input.userId, currencyId: input.currencyId, wallet: WALLET, available: -input.total, locked: input.total, reason: 'c2c_escrow', reference: `c2c_ad:${id}` });
    }
    this.lastAdId = id;
    const ad: AdState = {
      id,
      userId: input.userId,
      type: input.type,
      currencyId: input.currencyId,
      price: input.price,
      total: input.total,
      remaining: input.total,
      minNumber: input.minNumber,
      maxNumber: input.maxNumber,
      ways: [...input.ways],
      status: 'open',
      createdAt: now,
      updatedAt: now,
    };
    this.putAd(ad, context);
    return ad;
  }

  private withdraw(input: C2cWithdrawCommand, context: CommandContext, now: Date): AdState {
    const ad = this.ads.get(input.adId);
    if (!ad || ad.userId !== input.userId) refuse('ad not found');
    if (ad.status !== 'open') refuse('ad already withdrawn');
    if (ad.type === 'sell' && ad.remaining > 0n) {
      context.move({ userId: ad.userId, currencyId: ad.currencyId, wallet: WALLET, available: ad.remaining, locked: -ad.remaining, reason: 'c2c_escrow_release', reference: `c2c_ad:${ad.id}` });
    }
    const next: AdState = { ...ad, remaining: 0n, status: 'withdrawn', updatedAt: now };
    this.putAd(next, context);
    return next;
  }

  private take(input: C2cTakeCommand, context: CommandContext, now: Date): OrderState {
    const ad = this.ads.get(input.adId);
    if (!ad || ad.status !== 'open' || ad.remaining === 0n) refuse('ad not found');
    if (ad.userId === input.userId) refuse('cannot operate your own ad');
    this.checkMayTrade(input.userId, now);
    let unfinished = 0;
    for (const order of this.orders.values()) if (order.takerId === input.userId) unfinished += 1;
    if (unfinished >= MAX_UNFINISHED_ORDERS) refuse('more than 3 unfinished orders');
    const number = input.number ?? (ad.maxNumber > 0n && ad.maxNumber < ad.remaining ? ad.maxNumber : ad.remaining);
    if (number <= 0n) refuse('number must be greater than zero');
    if (number > ad.remaining) refuse('above the ad remainder');
    // what is left of an ad may be taken whole even below its minimum, so that it can sell out
    if (number < ad.minNumber && number !== ad.remaining) refuse('minimum amount not met');
    if (ad.maxNumber > 0n && number > ad.maxNumber) refuse('amount above maximum');
    // checked before anything changes (an ad published before this check may be priced too high)
    if (!fitsColumn(dealMoneyOf(ad.price, number))) refuse('parameter error');
    const id = this.lastOrderId + 1;
    const buyerId = ad.type === 'sell' ? input.userId : ad.userId;
    const sellerId = ad.type === 'sell' ? ad.userId : input.userId;
    if (ad.type === 'buy') {
      // the taker sells: their coins go into escrow now (refuses `insufficient balance` first)
      context.move({ userId: sellerId, currencyId: ad.currencyId, wallet: WALLET, available: -number, locked: number, reason: 'c2c_escrow', reference: `c2c_order:${id}` });
    }
    this.lastOrderId = id;
    const order: OrderState = {
      id,
      adId: ad.id,
      type: ad.type,
      publisherId: ad.userId,
      takerId: input.userId,
      buyerId,
      sellerId,
      currencyId: ad.currencyId,
      price: ad.price,
      number,
      dealMoney: dealMoneyOf(ad.price, number),
      status: ORDER_STATUS.unpaid,
      cancelReason: '',
      createdAt: now,
      payBy: new Date(now.getTime() + PAYMENT_WINDOW_MS),
      paidAt: null,
      finishedAt: null,
      appealBy: null,
      appealMessage: '',
      appealImage: '',
      appealedAt: null,
      resolution: '',
      resolvedBy: null,
      updatedAt: now,
    };
    // the order first: an ad it sells out stays in memory while the order runs
    this.putOrder(order, context);
    this.putAd({ ...ad, remaining: ad.remaining - number, updatedAt: now }, context);
    context.addDeadline(expiry(order));
    return order;
  }

  private asBuyer(input: C2cOrderStepCommand): OrderState {
    const order = this.partyOrder(input.userId, input.orderId);
    if (order.buyerId !== input.userId) refuse('only the buyer can do this');
    if (order.status !== ORDER_STATUS.unpaid) refuse('order already handled');
    return order;
  }

  private pay(order: OrderState, context: CommandContext, now: Date): OrderState {
    const next: OrderState = { ...order, status: ORDER_STATUS.paid, paidAt: now, updatedAt: now };
    this.putOrder(next, context);
    return next;
  }

  private expire(input: C2cExpireCommand, context: CommandContext, now: Date): OrderState {
    const order = this.orders.get(input.orderId);
    // paid, or cancelled, before its window ended: nothing to do (the core drops this refusal)
    if (!order || order.status !== ORDER_STATUS.unpaid) refuse('order already handled');
    return this.cancel(order, 'timeout', context, now);
  }

  /** Ends an unpaid order: its coins go back to the ad (or to the seller, if the ad is no longer open). */
  private cancel(order: OrderState, reason: CancelReason, context: CommandContext, now: Date): OrderState {
    this.giveBack(order, context, now);
    const next: OrderState = { ...order, status: ORDER_STATUS.cancelled, cancelReason: reason, finishedAt: now, updatedAt: now };
    this.rollDay(now);
    this.cancels.set(order.buyerId, (this.cancels.get(order.buyerId) ?? 0) + 1);
    this.putOrder(next, context);
    return next;
  }

  private release(input: C2cOrderStepCommand, context: CommandContext, now: Date): OrderState {
    const order = this.partyOrder(input.userId, input.orderId);
    if (order.sellerId !== input.userId) refuse('only the seller can do this');
    if (order.status !== ORDER_STATUS.paid) refuse(order.status === ORDER_STATUS.unpaid ? 'the buyer has not paid yet' : 'order already handled');
    return this.settle(order, context, now, { status: ORDER_STATUS.done });
  }

  private appeal(input: C2cAppealCommand, context: CommandContext, now: Date): OrderState {
    const order = this.partyOrder(input.userId, input.orderId);
    if (order.status !== ORDER_STATUS.paid) refuse('order already handled');
    if (order.appealedAt !== null) refuse('order already appealed');
    const paidAt = order.paidAt?.getTime() ?? now.getTime();
    if (now.getTime() < paidAt + input.appealAfterMs) refuse('this order cannot be appealed yet');
    const next: OrderState = { ...order, appealBy: input.userId, appealMessage: input.message, appealImage: input.image, appealedAt: now, updatedAt: now };
    this.putOrder(next, context);
    return next;
  }

  private resolve(input: C2cResolveCommand, context: CommandContext, now: Date): OrderState {
    const order = this.orders.get(input.orderId);
    if (!order || order.status !== ORDER_STATUS.paid || order.appealedAt === null) refuse('order already handled');
    if (input.outcome === 'release') {
      return this.settle(order, context, now, { status: ORDER_STATUS.done, resolution: 'release', resolvedBy: input.operatorId });
    }
    // the coins go back to the seller's available balance, not to the ad
    context.move({ userId: order.sellerId, currencyId: order.currencyId, wallet: WALLET, available: order.number, locked: -order.number, reason: 'c2c_escrow_release', reference: `c2c_order:${order.id}` });
    const next: OrderState = { ...order, status: ORDER_STATUS.cancelled, cancelReason: 'operator', resolution: 'return', resolvedBy: input.operatorId, finishedAt: now, updatedAt: now };
    this.putOrder(next, context);
    this.retireAd(order.adId, context, now);
    return next;
  }

  /** The seller's escrowed coins go to the buyer's legal wallet. */
  private settle(order: OrderState, context: CommandContext, now: Date, change: Partial<OrderState>): OrderState {
    const reference = `c2c_order:${order.id}`;
    context.move({ userId: order.sellerId, currencyId: order.currencyId, wallet: WALLET, locked: -order.number, reason: 'c2c_deal', reference });
    context.move({ userId: order.buyerId, currencyId: order.currencyId, wallet: WALLET, available: order.number, reason: 'c2c_deal', reference });
    const next: OrderState = { ...order, ...change, finishedAt: now, updatedAt: now };
    this.putOrder(next, context);
    this.retireAd(order.adId, context, now);
    return next;
  }

  /** An unpaid order's coins: back to its open ad, else out of escrow to the seller. */
  private giveBack(order: OrderState, context: CommandContext, now: Date): void {
    const ad = this.ads.get(order.adId);
    const reference = `c2c_order:${order.id}`;
    const backToAd = ad !== undefined && ad.status === 'open';
    if (!backToAd || order.type === 'buy') {
      // a buy ad's coins are the taker's own escrow; a closed sell ad keeps nothing in escrow
      context.move({ userId: order.sellerId, currencyId: order.currencyId, wallet: WALLET, available: order.number, locked: -order.number, reason: 'c2c_escrow_release', reference });
    }
    if (ad && backToAd) this.putAd({ ...ad, remaining: ad.remaining + order.number, updatedAt: now }, context);
    else this.retireAdAfter(order.adId, order.id, context, now);
  }

  /**
   * The unfinished order, when the user is one of its parties; anyone else is told it does not
   * exist. Ended orders leave memory: the services tell a party so before they get here, and one
   * that ended meanwhile is `already handled`.
   */
  private partyOrder(userId: number, orderId: number): OrderState {
    const order = this.orders.get(orderId);
    if (!order) refuse('order already handled');
    if (order.buyerId !== userId && order.sellerId !== userId) refuse('order not found');
    return order;
  }

  private checkMayTrade(userId: number, now: Date): void {
    if (this.cancelsToday(userId, now) >= DAILY_CANCEL_LIMIT) refuse('daily cancel count exceeded');
  }

  private putAd(ad: AdState, context: CommandContext): void {
    this.ads.set(ad.id, ad);
    context.stage(C2C_ADS, ad);
    this.retireAd(ad.id, context, ad.updatedAt);
  }

  private putOrder(order: OrderState, context: CommandContext): void {
    if (isUnfinished(order)) this.orders.set(order.id, order);
    else this.orders.delete(order.id);
    context.stage(C2C_ORDERS, order);
  }

  private retireAd(adId: number, context: CommandContext, now: Date): void {
    this.retireAdAfter(adId, undefined, context, now);
  }

  /**
   * An ad nothing can trade any more leaves memory once no order runs on it (`ending`: an order
   * being ended now); an open one sold out that way is done.
   */
  private retireAdAfter(adId: number, ending: number | undefined, context: CommandContext, now: Date): void {
    const ad = this.ads.get(adId);
    if (!ad || ad.remaining > 0n) return;
    for (const order of this.orders.values()) if (order.adId === adId && order.id !== ending) return;
    this.ads.delete(adId);
    if (ad.status === 'open') context.stage(C2C_ADS, { ...ad, status: 'done', updatedAt: now });
  }

  private rollDay(now: Date): void {
    const day = shanghaiDay(now);
    if (day === this.day) return;
    this.day = day;
    this.cancels.clear();
  }
}

function expiry(order: OrderState): Deadline {
  const key = `deadline:c2c:${order.id}`;
  return { key, dueAt: order.payBy.getTime(), command: () => ({ kind: 'c2c_expire', key, orderId: order.id }) };
}
