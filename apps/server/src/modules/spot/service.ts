import { floorDecimal } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { formatAmount, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import type { SignedAdmission } from '../../core/admissions/admission';
import type { DepthLevel } from '../../core/read-view';
import { newCommandKey } from '../../core/command-key';
import { notional, type SpotPair } from '../../core/spot/pair';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import type { SpotRepository } from './repository';
import { clientOrderKey, parseClientOrderId, parseFlag, parseStp, parseTimeInForce, type SpotOrderRequest } from './order-request';

export interface OrderInput {
  legal_id: number;
  currency_id: number;
  price?: string;
  num?: string;
  mode?: string;
  stop_price?: string;
  time_in_force?: string;
  post_only?: string;
  stp?: string;
  client_order_id?: string;
}

/** An order placed, or found again when its client order id was placed before. */
export interface PlacedOrder {
  orderId: number;
  /** true when the client order id named an order placed before: nothing new was placed */
  duplicate: boolean;
}

const MODES: Record<string, SpotOrderRequest['type']> = { '1': 'market', '2': 'limit', '3': 'stop_limit' };

const BOOK_LEVELS = 10;

/** Spot trading for users: orders go to the core; lists read the history it wrote. */
export class SpotService {
  constructor(
    private readonly core: Core,
    private readonly spot: SpotRepository,
    private readonly currencyNames: () => Promise<Map<number, string>>,
    /** CNY per USDT, held in memory by market data */
    private readonly usdtCnyRate: () => Atoms,
  ) {}

  pairOf(currencyId: number, legalId: number): SpotPair {
    for (const pair of this.core.read.pairs()) {
      if (pair.currencyId === currencyId && pair.legalId === legalId) return pair;
    }
    refuse('pair not found');
  }

  /** The old form calls (`transaction/in|out`): their text fields, then the one path of every order. */
  async place(userId: number, side: 'buy' | 'sell', input: OrderInput): Promise<number> {
    const type = MODES[input.mode || '2'];
    if (type === undefined) refuse('parameter error');
    const pair = this.pairOf(input.currency_id, input.legal_id);
    let price: Atoms | undefined;
    let stopPrice: Atoms | undefined;
    if (type !== 'market') {
      if (!input.price) refuse('enter price');
      price = tryParseAmount(input.price);
      if (price === undefined) refuse('parameter error');
      if (price <= 0n) refuse('price must be greater than zero');
    }
    if (type === 'stop_limit') {
      // mode 3 without a stop price answers as it did before stop-limit orders existed
      if (!input.stop_price) refuse('parameter error');
      stopPrice = tryParseAmount(input.stop_price);
      if (stopPrice === undefined) refuse('parameter error');
    }
    if (!input.num) refuse('enter number');
    const quantity = tryParseAmount(input.num);
    if (quantity === undefined) refuse('parameter error');
    if (quantity <= 0n) refuse('number must be greater than zero');
    const timeInForce = parseTimeInForce(input.time_in_force);
    const stp = parseStp(input.stp);
    const clientOrderId = parseClientOrderId(input.client_order_id);
    const placed = await this.placeOrder(userId, {
      pairId: pair.id,
      side,
      type,
      quantity,
      postOnly: parseFlag(input.post_only),
      ...(price === undefined ? {} : { price }),
      ...(stopPrice === undefined ? {} : { stopPrice }),
      ...(timeInForce === undefined ? {} : { timeInForce }),
      ...(stp === undefined ? {} : { stp }),
      ...(clientOrderId === undefined ? {} : { clientOrderId }),
    });
    return placed.orderId;
  }

  /**
   * Every order of every API comes here: the core applies the rules (funds, grid, time in force,
   * post-only, stops). With a client order id the command's key is made of it, so a place retried
   * any number of times, at once or later, in this process or another, is one order: the core
   * answers a repeat as a duplicate, and the order placed first is found by its client order id.
   */
  async placeOrder(userId: number, request: SpotOrderRequest, admission?: SignedAdmission): Promise<PlacedOrder> {
    const { clientOrderId } = request;
    const result = await this.core.execute({
      kind: 'spot_place',
      key: clientOrderId === undefined ? newCommandKey('spot') : clientOrderKey(userId, clientOrderId),
      userId,
      ...request,
      ...(admission === undefined ? {} : { admission }),
    });
    if (result.applied) return { orderId: result.orderId ?? 0, duplicate: false };
    const first = clientOrderId === undefined ? undefined : await this.spot.orderIdByClientId(userId, clientOrderId);
    if (first === undefined) refuse('please retry');
    return { orderId: first, duplicate: true };
  }

  async cancel(userId: number, orderId: number): Promise<void> {
    await this.core.execute({ kind: 'spot_cancel', key: newCommandKey('spot-cancel'), userId, orderId });
  }

  async openOrders(userId: number, side: 'buy' | 'sell', currencyId: number | undefined, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.spot.openOrders(userId, side, this.pairIdsOf(currencyId), limit, offset)),
      this.currencyNames(),
    ]);
    const list = rows.map((row) => {
      const pair = this.core.read.pair(row.pair_id);
      const quantity = parseAmount(row.quantity);
      const filled = parseAmount(row.filled);
      return {
        id: Number(row.id),
        create_time: formatTimestamp(row.created_at),
        currency_id: pair?.currencyId ?? 0,
        legal_id: pair?.legalId ?? 0,
        currency_name: names.get(pair?.currencyId ?? 0) ?? '',
        legal_name: names.get(pair?.legalId ?? 0) ?? '',
        type: row.side === 'buy' ? ('in' as const) : ('out' as const),
        mode: row.type,
        price: pair ? priceText(pair, row.price === null ? 0n : parseAmount(row.price)) : '0',
        number: pair ? quantityText(pair, quantity) : '0',
        surplus: pair ? quantityText(pair, quantity - filled) : '0',
        filled: pair ? quantityText(pair, filled) : '0',
        ...(row.stop_price === null ? {} : { stop_price: pair ? priceText(pair, parseAmount(row.stop_price)) : row.stop_price, triggered: row.triggered }),
      };
    });
    return paged(list, total, page);
  }

  async completed(userId: number, currencyId: number | undefined, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.spot.userTrades(userId, this.pairIdsOf(currencyId), limit, offset)),
      this.currencyNames(),
    ]);
    const list = rows.map((row) => {
      const pair = this.core.read.pair(row.pair_id);
      const bought = row.buyer_id === userId;
      const taker = (row.taker_side === 'buy') === bought;
      return {
        id: Number(row.id),
        time: formatTimestamp(row.created_at),
        // the account centre's entrust list names it as the open orders do
        create_time: formatTimestamp(row.created_at),
        currency_name: names.get(pair?.currencyId ?? 0) ?? '',
        legal_name: names.get(pair?.legalId ?? 0) ?? '',
        number: pair ? quantityText(pair, parseAmount(row.quantity)) : row.quantity,
        price: pair ? priceText(pair, parseAmount(row.price)) : row.price,
        way: bought ? (2 as const) : (1 as const),
        type: bought ? ('in' as const) : ('out' as const),
        in_fee: bought ? formatAmount(parseAmount(row.buyer_fee)) : '0',
        out_fee: bought ? '0' : formatAmount(parseAmount(row.seller_fee)),
        role: taker ? ('taker' as const) : ('maker' as const),
      };
    });
    return paged(list, total, page);
  }

  /** transaction/deal: the book, the last price and the caller's spot balances of the pair. */
  async deal(userId: number | undefined, currencyId: number, legalId: number) {
    const pair = this.pairOf(currencyId, legalId);
    const depth = this.core.read.depth(pair.id, BOOK_LEVELS);
    const entry = ({ price, quantity }: DepthLevel) => ({
      price: priceText(pair, price),
      number: quantityText(pair, quantity),
      sum: formatAmount(notional(price, quantity)),
    });
    const lastPrice = this.core.read.lastPrice(pair.id) ?? 0n;
    const balance = (id: number) => (userId === undefined ? 0n : this.core.read.balance({ userId, currencyId: id, wallet: 'change' }).available);
    return {
      in: depth.bids.map(entry),
      out: depth.asks.map(entry),
      last_price: priceText(pair, lastPrice),
      user_currency: floorDecimal(formatAmount(balance(pair.currencyId)), 8),
      user_legal: floorDecimal(formatAmount(balance(pair.legalId)), 8),
      cny_price: floorDecimal(formatAmount(notional(lastPrice, this.usdtCnyRate())), 2),
    };
  }

  private pairIdsOf(currencyId: number | undefined): number[] | null {
    if (!currencyId) return null;
    return [...this.core.read.pairs()].filter((pair) => pair.currencyId === currencyId).map((pair) => pair.id);
  }
}

function priceText(pair: SpotPair, atoms: Atoms): string {
  return floorDecimal(formatAmount(atoms), pair.pricePrecision);
}

function quantityText(pair: SpotPair, atoms: Atoms): string {
  return floorDecimal(formatAmount(atoms), pair.quantityPrecision);
}
