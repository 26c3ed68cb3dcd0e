import { floorDecimal } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { formatAmount, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import type { DepthLevel } from '../../core/read-view';
import { newCommandKey } from '../../core/command-key';
import { notional, type SpotPair } from '../../core/spot/pair';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import type { SpotRepository } from './repository';

export interface OrderInput {
  legal_id: number;
  currency_id: number;
  price?: string;
  num?: string;
  mode?: string;
}

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

  /** The server's rules of an order: price and number above zero, the pair enabled. */
  async place(userId: number, side: 'buy' | 'sell', input: OrderInput): Promise<number> {
    const mode = input.mode ?? '2';
    if (mode !== '1' && mode !== '2') refuse('parameter error');
    const pair = this.pairOf(input.currency_id, input.legal_id);
    let price: Atoms | undefined;
    if (mode === '2') {
      if (!input.price) refuse('enter price');
      price = tryParseAmount(input.price);
      if (price === undefined) refuse('parameter error');
      if (price <= 0n) refuse('price must be greater than zero');
    }
    if (!input.num) refuse('enter number');
    const quantity = tryParseAmount(input.num);
    if (quantity === undefined) refuse('parameter error');
    if (quantity <= 0n) refuse('number must be greater than zero');
    const result = await this.core.execute({
      kind: 'spot_place',
      key: newCommandKey('spot'),
      userId,
      pairId: pair.id,
      side,
      type: mode === '1' ? 'market' : 'limit',
      quantity,
      ...(price === undefined ? {} : { price }),
    });
    return result.applied ? (result.orderId ?? 0) : 0;
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
