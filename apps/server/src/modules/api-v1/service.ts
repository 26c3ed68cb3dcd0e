import { floorDecimal } from '@tessera/protocol';
import { formatAmount, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { SignedAdmission } from '../../core/admissions/admission';
import type { Core } from '../../core/core';
import { refuse } from '../../core/refusal';
import type { SpotPair } from '../../core/spot/pair';
import type { SpotOrderState } from '../../core/spot/state';
import { isWallet, WALLETS, type Wallet } from '../../core/wallets';
import type { CandlePeriod } from '../market/resolutions';
import { parsePeriod } from '../market/resolutions';
import type { MarketData } from '../market/market-data';
import { symbolKey } from '../market/pair-info';
import { parseClientOrderId, parseFlag, parseStp, parseTimeInForce } from '../spot/order-request';
import type { SpotService } from '../spot/service';
import type { WalletService } from '../wallets/service';
import type { WithdrawalService } from '../withdrawals/service';
import type { BookDiffStream } from './book-diffs';
import type { ApiV1Repository, MyTradeRow, OrderRow } from './repository';

/** How the v1 API spells a pair: `BTC_USDT`. */
export const wireSymbol = (pair: { symbol: string }) => pair.symbol.replace('/', '_');

const ORDER_TYPES = { LIMIT: 'limit', MARKET: 'market', STOP_LIMIT: 'stop_limit' } as const;
const SIDES = { BUY: 'buy', SELL: 'sell' } as const;
const MAX_LIST = 500;
const DAY_MS = 86_400_000;

export interface PlaceOrderBody {
  symbol: string;
  side: string;
  type: string;
  quantity: string;
  price?: string | undefined;
  stopPrice?: string | undefined;
  timeInForce?: string | undefined;
  postOnly?: boolean | string | undefined;
  stp?: string | undefined;
  clientOrderId?: string | undefined;
}

export type OrderSelector = { orderId?: string | undefined; clientOrderId?: string | undefined };

/** An order as the v1 API shows it: decimal strings, upper-case enums, times in epoch ms. */
export interface OrderView {
  orderId: string;
  clientOrderId: string | null;
  symbol: string;
  side: 'BUY' | 'SELL';
  type: 'LIMIT' | 'MARKET' | 'STOP_LIMIT';
  timeInForce: string;
  postOnly: boolean;
  stp: string;
  price: string | null;
  stopPrice: string | null;
  quantity: string;
  filled: string;
  /** Σ price × quantity of the fills, in the quote currency */
  filledQuote: string;
  status: 'open' | 'filled' | 'cancelled';
  /** stop-limit orders: whether a trade reached the stop price; null for other orders */
  triggered: boolean | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * The signed API v1 (docs/api-v1.md): market data for everyone; balances, orders, fills, transfers
 * and withdrawals for a key's owner. Every rule is the one of the old calls: orders go through
 * `SpotService.placeOrder`, transfers through `WalletService`, withdrawals through `WithdrawalService`.
 */
export class ApiV1Service {
  constructor(
    private readonly core: Core,
    private readonly market: MarketData,
    private readonly spot: SpotService,
    private readonly wallets: WalletService,
    private readonly withdrawals: WithdrawalService,
    private readonly repository: ApiV1Repository,
    readonly books: BookDiffStream,
    private readonly currencyIds: () => Promise<Map<string, number>>,
  ) {}

  /** The pair of a v1 symbol (`BTC_USDT`; `BTC/USDT`, `btcusdt` too). */
  pair(symbol: string | undefined): SpotPair {
    if (!symbol) refuse('pair not found');
    const wanted = symbolKey(symbol);
    for (const pair of this.core.read.pairs()) if (symbolKey(pair.symbol) === wanted) return pair;
    refuse('pair not found');
  }

  markets() {
    return [...this.core.read.pairs()].map((pair) => {
      const [base = '', quote = ''] = pair.symbol.split('/');
      return {
        symbol: wireSymbol(pair),
        base,
        quote,
        baseId: pair.currencyId,
        quoteId: pair.legalId,
        enabled: pair.enabled,
        pricePrecision: pair.pricePrecision,
        quantityPrecision: pair.quantityPrecision,
        tickSize: formatAmount(10n ** BigInt(18 - pair.pricePrecision)),
        stepSize: formatAmount(10n ** BigInt(18 - pair.quantityPrecision)),
        makerFee: formatAmount(pair.makerFee),
        takerFee: formatAmount(pair.takerFee),
      };
    });
  }

  ticker(pair: SpotPair) {
    const stats = this.market.dayStats(pair.id);
    const depth = this.core.read.depth(pair.id, 1);
    const last = stats?.last ?? this.core.read.lastPrice(pair.id);
    const text = (atoms: Atoms | null | undefined) => (atoms === null || atoms === undefined ? null : formatAmount(atoms));
    return {
      symbol: wireSymbol(pair),
      last: text(last),
      open: text(stats?.reference),
      high: text(stats?.high),
      low: text(stats?.low),
      volume: text(stats?.volume ?? 0n),
      bid: text(depth.bids[0]?.price),
      bidQuantity: text(depth.bids[0]?.quantity),
      ask: text(depth.asks[0]?.price),
      askQuantity: text(depth.asks[0]?.quantity),
      time: this.market.now(),
    };
  }

  tickers() {
    return [...this.core.read.pairs()].map((pair) => this.ticker(pair));
  }

  /** The whole published book with its sequence number: with the stream's diffs after it, a client holds the book exactly. */
  depth(pair: SpotPair, limit: number | undefined) {
    const snapshot = this.books.snapshot(pair.id);
    const cut = limit === undefined || limit <= 0 ? undefined : limit;
    return { symbol: wireSymbol(pair), seq: snapshot.seq, bids: snapshot.bids.slice(0, cut), asks: snapshot.asks.slice(0, cut), time: this.market.now() };
  }

  async trades(pair: SpotPair, limit: number) {
    const rows = await this.repository.trades(pair.id, clamp(limit));
    return rows.map((row) => ({ id: row.id, price: formatAmount(parseAmount(row.price)), quantity: formatAmount(parseAmount(row.quantity)), takerSide: row.taker_side.toUpperCase(), time: row.created_at.getTime() }));
  }

  async candles(pair: SpotPair, interval: string, limit: number, since: number | undefined) {
    const period: CandlePeriod | undefined = parsePeriod(interval);
    if (!period) refuse('parameter error');
    const now = this.market.now();
    const from = since ?? now - 365 * DAY_MS;
    const candles = await this.market.candles(pair.id, period, from, now, clamp(limit));
    return candles.map((candle): [number, string, string, string, string, string] => [candle.openTime, formatAmount(candle.open), formatAmount(candle.high), formatAmount(candle.low), formatAmount(candle.close), formatAmount(candle.volume)]);
  }

  async balances(userId: number, wallet: string | undefined) {
    const wallets: readonly Wallet[] = wallet === undefined || wallet === '' ? WALLETS : isWallet(wallet) ? [wallet] : refuse('parameter error');
    const names = await this.currencyIds();
    const out: { wallet: Wallet; currency: string; available: string; locked: string }[] = [];
    for (const each of wallets) {
      for (const [currency, currencyId] of names) {
        const balance = this.core.read.balance({ userId, currencyId, wallet: each });
        out.push({ wallet: each, currency, available: formatAmount(balance.available), locked: formatAmount(balance.locked) });
      }
    }
    return out;
  }

  /** `admission`: the signed request's, carried by the order's command (the core refuses a copy). */
  async placeOrder(userId: number, body: PlaceOrderBody, admission?: SignedAdmission): Promise<OrderView> {
    const pair = this.pair(body.symbol);
    const side = SIDES[body.side?.toUpperCase() as keyof typeof SIDES];
    const type = ORDER_TYPES[body.type?.toUpperCase() as keyof typeof ORDER_TYPES];
    if (!side || !type) refuse('parameter error');
    const quantity = optionalAmount(body.quantity);
    if (quantity === undefined) refuse('enter number');
    const price = optionalAmount(body.price);
    const stopPrice = optionalAmount(body.stopPrice);
    if (type !== 'market' && price === undefined) refuse('enter price');
    if (type === 'market' && price !== undefined) refuse('parameter error');
    const timeInForce = parseTimeInForce(body.timeInForce);
    const stp = parseStp(body.stp);
    const clientOrderId = parseClientOrderId(body.clientOrderId);
    const placed = await this.spot.placeOrder(
      userId,
      {
        pairId: pair.id,
        side,
        type,
        quantity,
        postOnly: parseFlag(body.postOnly),
        ...(price === undefined ? {} : { price }),
        ...(stopPrice === undefined ? {} : { stopPrice }),
        ...(timeInForce === undefined ? {} : { timeInForce }),
        ...(stp === undefined ? {} : { stp }),
        ...(clientOrderId === undefined ? {} : { clientOrderId }),
      },
      admission,
    );
    return this.orderById(userId, placed.orderId);
  }

  async order(userId: number, selector: OrderSelector): Promise<OrderView> {
    return this.orderById(userId, await this.orderIdOf(userId, selector));
  }

  async cancel(userId: number, selector: OrderSelector): Promise<OrderView> {
    const orderId = await this.orderIdOf(userId, selector);
    await this.spot.cancel(userId, orderId);
    return this.orderById(userId, orderId);
  }

  /** Cancels every open order of the user (of one pair when named); answers the ids cancelled. */
  async cancelAll(userId: number, symbol: string | undefined): Promise<string[]> {
    const pairId = symbol ? this.pair(symbol).id : undefined;
    const open = this.core.read.openOrders(userId).filter((order) => pairId === undefined || order.pairId === pairId);
    const results = await Promise.allSettled(open.map((order) => this.spot.cancel(userId, order.id)));
    return open.filter((_order, index) => results[index]?.status === 'fulfilled').map((order) => String(order.id));
  }

  async openOrders(userId: number, symbol: string | undefined, limit: number): Promise<OrderView[]> {
    const pairId = symbol ? this.pair(symbol).id : null;
    const rows = await this.repository.openOrders(userId, pairId, clamp(limit));
    return rows.map((row) => this.viewOfRow(row));
  }

  async myTrades(userId: number, symbol: string | undefined, limit: number, fromId: number | undefined) {
    const pairId = symbol ? this.pair(symbol).id : null;
    const rows = await this.repository.myTrades(userId, pairId, clamp(limit), fromId ?? null);
    return rows.map((row) => this.fillOf(userId, row));
  }

  /** A fill of the user's, as the trade list and the private stream show it. */
  fillOf(userId: number, row: Pick<MyTradeRow, 'id' | 'pair_id' | 'price' | 'quantity' | 'taker_side' | 'buy_order_id' | 'sell_order_id' | 'buyer_id' | 'buyer_fee' | 'seller_fee' | 'created_at'>) {
    const pair = this.core.read.pair(row.pair_id);
    const bought = row.buyer_id === userId;
    const [base = '', quote = ''] = (pair?.symbol ?? '/').split('/');
    return {
      tradeId: row.id,
      orderId: bought ? row.buy_order_id : row.sell_order_id,
      symbol: pair ? wireSymbol(pair) : '',
      side: bought ? ('BUY' as const) : ('SELL' as const),
      price: formatAmount(parseAmount(row.price)),
      quantity: formatAmount(parseAmount(row.quantity)),
      fee: formatAmount(parseAmount(bought ? row.buyer_fee : row.seller_fee)),
      // the buyer pays its fee in the base currency it receives, the seller in the quote
      feeCurrency: bought ? base : quote,
      maker: (row.taker_side === 'buy') !== bought,
      time: row.created_at.getTime(),
    };
  }

  async transfer(userId: number, body: { currency: string; amount: string; from: string; to: string }) {
    const currencyId = (await this.currencyIds()).get(body.currency.toUpperCase());
    if (currencyId === undefined) refuse('currency not found');
    await this.wallets.transfer(userId, { currency_id: currencyId, number: body.amount, from_field: body.from, to_field: body.to });
  }

  async withdraw(userId: number, body: { currency: string; amount: string; address: string; network?: string | undefined; wallet?: string | undefined }) {
    const currencyId = (await this.currencyIds()).get(body.currency.toUpperCase());
    if (currencyId === undefined) refuse('currency not found');
    const withdrawalId = await this.withdrawals.apply(
      userId,
      { currency: currencyId, number: body.amount, address: body.address, ...(body.network ? { active: body.network } : {}), ...(body.wallet ? { type: body.wallet } : {}) },
      {},
      'withdraw api key',
    );
    return { withdrawalId: String(withdrawalId) };
  }

  /** An open order from the core's memory (no query for a resting order), else its row. */
  async orderById(userId: number, orderId: number): Promise<OrderView> {
    const open = this.core.read.openOrder(orderId);
    if (open && open.userId === userId) return this.viewOfState(open);
    const row = await this.repository.order(userId, { id: orderId });
    if (!row) refuse('order not found');
    return this.viewOfRow(row);
  }

  viewOfState(order: SpotOrderState): OrderView {
    return this.view(order.pairId, {
      id: order.id,
      clientOrderId: order.clientOrderId,
      side: order.side,
      type: order.type,
      timeInForce: order.timeInForce,
      postOnly: order.postOnly,
      stp: order.stp,
      price: order.price,
      stopPrice: order.stopPrice,
      quantity: order.quantity,
      filled: order.filled,
      filledQuote: order.filledQuote,
      status: order.status,
      triggered: order.type === 'stop_limit' ? order.firing !== null : null,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
    });
  }

  private viewOfRow(row: OrderRow): OrderView {
    const atoms = (text: string | null) => (text === null ? null : parseAmount(text));
    return this.view(row.pair_id, {
      id: Number(row.id),
      clientOrderId: row.client_order_id,
      side: row.side,
      type: row.type,
      timeInForce: row.time_in_force,
      postOnly: row.post_only,
      stp: row.stp,
      price: atoms(row.price),
      stopPrice: atoms(row.stop_price),
      quantity: parseAmount(row.quantity),
      filled: parseAmount(row.filled),
      filledQuote: parseAmount(row.filled_quote),
      status: row.status,
      triggered: row.type === 'stop_limit' ? row.triggered_at !== null : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }

  private view(
    pairId: number,
    order: Omit<SpotOrderState, 'userId' | 'pairId' | 'locked' | 'firing' | 'queuePriority'> & { triggered: boolean | null },
  ): OrderView {
    const pair = this.core.read.pair(pairId);
    const precision = pair?.pricePrecision;
    return {
      orderId: String(order.id),
      clientOrderId: order.clientOrderId,
      symbol: pair ? wireSymbol(pair) : '',
      side: order.side === 'buy' ? 'BUY' : 'SELL',
      type: order.type === 'limit' ? 'LIMIT' : order.type === 'market' ? 'MARKET' : 'STOP_LIMIT',
      timeInForce: order.type === 'market' ? 'IOC' : order.timeInForce,
      postOnly: order.postOnly,
      stp: order.stp,
      price: priceText(order.price, precision),
      stopPrice: priceText(order.stopPrice, precision),
      quantity: formatAmount(order.quantity),
      filled: formatAmount(order.filled),
      filledQuote: formatAmount(order.filledQuote),
      status: order.status,
      triggered: order.triggered,
      createdAt: order.createdAt.getTime(),
      updatedAt: order.updatedAt.getTime(),
    };
  }

  private async orderIdOf(userId: number, selector: OrderSelector): Promise<number> {
    if (selector.orderId !== undefined && selector.orderId !== '') {
      if (!/^[1-9]\d{0,15}$/.test(selector.orderId)) refuse('parameter error');
      return Number(selector.orderId);
    }
    const clientOrderId = parseClientOrderId(selector.clientOrderId);
    if (clientOrderId === undefined) refuse('parameter error');
    const row = await this.repository.order(userId, { clientOrderId });
    if (!row) refuse('order not found');
    return Number(row.id);
  }
}

// Module functions rather than closures in the hot calls: a closure made for every order costs its
// making (and, under tsx, the naming of it) each time.

/** An amount given as text: undefined when absent, refused when not a decimal. */
function optionalAmount(text: string | undefined): Atoms | undefined {
  if (text === undefined || text === '') return undefined;
  const atoms = tryParseAmount(text);
  if (atoms === undefined) refuse('parameter error');
  return atoms;
}

/** A price as the pair shows it (floored to its precision; as stored when the pair is unknown). */
function priceText(atoms: Atoms | null, precision: number | undefined): string | null {
  if (atoms === null) return null;
  return precision === undefined ? formatAmount(atoms) : floorDecimal(formatAmount(atoms), precision);
}

function clamp(limit: number): number {
  return Math.min(Math.max(1, Number.isInteger(limit) ? limit : 100), MAX_LIST);
}
