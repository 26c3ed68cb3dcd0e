import { AccountSuspended, AuthenticationError, BadRequest, BadSymbol, ExchangeError, InsufficientFunds, InvalidNonce, InvalidOrder, MarketClosed, OrderImmediatelyFillable, OrderNotFillable, OrderNotFound, PermissionDenied, RateLimitExceeded, Exchange, type Balances, type Dict, type Int, type Market, type Num, type OHLCV, type Order, type OrderBook, type OrderSide, type OrderType, type Str, type Strings, type Ticker, type Tickers, type Trade } from 'ccxt';
import { signRequest } from './signature';

/** What the class is built with: the key, its secret, and the server's address (`http://127.0.0.1:8080`). */
export interface TesseraConfig extends Dict {
  apiKey?: string;
  secret?: string;
  baseUrl: string;
}

/** ccxt's timeframes, as Tessera names its candle periods. */
const TIMEFRAMES: Record<string, string> = {
  '1m': '1min',
  '3m': '3min',
  '5m': '5min',
  '15m': '15min',
  '30m': '30min',
  '1h': '60min',
  '2h': '120min',
  '4h': '240min',
  '6h': '360min',
  '12h': '720min',
  '1d': '1day',
  '3d': '3day',
  '1w': '1week',
  '1M': '1mon',
};

const STATUSES: Record<string, string> = { open: 'open', filled: 'closed', cancelled: 'canceled' };
const WS_PATH = '/api/v1/ws';
/** ccxt's `precisionMode` for precisions given as the step itself (0.01), not a count of decimals. */
const TICK_SIZE = 4;

type Envelope = { type: string; message: unknown };
type WsMessage = Dict & { id?: string | number; type?: string; channel?: string; message?: unknown; data?: unknown; seq?: number };
/** ccxt's WebSocket client, as far as this class uses it. */
interface StreamClient {
  url: string;
  resolve(result: unknown, messageHash: string): void;
  reject(error: unknown, messageHash?: string): void;
  subscriptions: Dict;
  send(message: unknown): Promise<unknown>;
}

/**
 * Tessera for ccxt: the unified REST methods over the signed API v1, and `watchOrderBook`,
 * `watchTrades` and `watchOrders` over its WebSocket stream. A bot written for any ccxt exchange
 * runs here by changing its class:
 *
 * ```ts
 * const exchange = new Tessera({ apiKey, secret, baseUrl: 'http://127.0.0.1:8080' });
 * ```
 */
export default class Tessera extends Exchange {
  constructor(config: TesseraConfig) {
    super(config);
    const base = String(config.baseUrl).replace(/\/+$/, '');
    this.urls['api'] = { public: `${base}/api/v1`, private: `${base}/api/v1` };
    this.urls['ws'] = `${base.replace(/^http/, 'ws')}${WS_PATH}`;
  }

  override describe() {
    return this.deepExtend(super.describe(), {
      id: 'tessera',
      name: 'Tessera',
      countries: [],
      version: 'v1',
      rateLimit: 50,
      pro: true,
      precisionMode: TICK_SIZE,
      requiredCredentials: { apiKey: true, secret: true },
      has: {
        CORS: undefined,
        spot: true,
        margin: false,
        swap: false,
        future: false,
        option: false,
        ws: true,
        fetchTime: true,
        fetchMarkets: true,
        fetchTicker: true,
        fetchTickers: true,
        fetchOrderBook: true,
        fetchTrades: true,
        fetchOHLCV: true,
        fetchBalance: true,
        createOrder: true,
        createLimitOrder: true,
        createMarketOrder: true,
        createPostOnlyOrder: true,
        createStopLimitOrder: true,
        cancelOrder: true,
        cancelAllOrders: true,
        fetchOrder: true,
        fetchOpenOrders: true,
        fetchMyTrades: true,
        watchOrderBook: true,
        watchTrades: true,
        watchOrders: true,
      },
      timeframes: TIMEFRAMES,
      urls: { api: {}, www: 'https://tessera.example', doc: 'docs/api-v1.md' },
      api: {
        public: { get: ['time', 'markets', 'tickers', 'ticker', 'depth', 'trades', 'candles'] },
        private: { get: ['balances', 'order', 'open-orders', 'my-trades'], post: ['order', 'transfer', 'withdraw'], delete: ['order', 'orders'] },
      },
      exceptions: {
        exact: {
          'insufficient balance': InsufficientFunds,
          'api key required': AuthenticationError,
          'invalid api key': AuthenticationError,
          'invalid signature': AuthenticationError,
          'request replayed': InvalidNonce,
          'timestamp outside the receive window': InvalidNonce,
          'api key disabled': AccountSuspended,
          'api key lacks the scope': PermissionDenied,
          'address not allowed for this api key': PermissionDenied,
          'too many requests, please slow down': RateLimitExceeded,
          'pair not found': BadSymbol,
          'pair not enabled': MarketClosed,
          'order not found': OrderNotFound,
          'not your order': OrderNotFound,
          'post only order would take': OrderImmediatelyFillable,
          'no market price': OrderNotFillable,
          'stop price would trigger at once': InvalidOrder,
          'stop price must be greater than zero': InvalidOrder,
          'price must be greater than zero': InvalidOrder,
          'number must be greater than zero': InvalidOrder,
          'parameter error': BadRequest,
        },
        broad: {},
      },
    });
  }

  // ── signing and errors ──────────────────────────────────────────────────────────────────

  override sign(path: string, api: string = 'public', method: string = 'GET', params: Dict = {}, headers: Dict | undefined = undefined, body: string | undefined = undefined) {
    const base = (this.urls['api'] as Dict)[api] as string;
    const upper = method.toUpperCase();
    const hasBody = upper === 'POST' || upper === 'PUT';
    const query = !hasBody && Object.keys(params).length > 0 ? this.urlencode(params) : '';
    const url = `${base}/${path}${query ? `?${query}` : ''}`;
    const sentBody = hasBody ? this.json(params) : undefined;
    const sentHeaders: Dict = { ...(headers ?? {}), ...(hasBody ? { 'Content-Type': 'application/json' } : {}) };
    if (api === 'private') {
      this.checkRequiredCredentials();
      const timestamp = String(this.milliseconds());
      sentHeaders['X-TSR-APIKEY'] = this.apiKey;
      sentHeaders['X-TSR-TIMESTAMP'] = timestamp;
      sentHeaders['X-TSR-SIGNATURE'] = signRequest(this.secret, { timestamp, method: upper, path: new URL(url).pathname, query, body: sentBody ?? '' });
    }
    void body;
    return { url, method: upper, body: sentBody, headers: sentHeaders };
  }

  override handleErrors(_code: number, _reason: string, _url: string, _method: string, _headers: Dict, body: string, response: unknown) {
    const envelope = response as Envelope | undefined;
    if (envelope === undefined || envelope === null || envelope.type === 'ok') return undefined;
    const message = typeof envelope.message === 'string' ? envelope.message : body;
    this.throwExactlyMatchedException((this.exceptions as Dict)['exact'], message, `${this.id} ${message}`);
    throw new ExchangeError(`${this.id} ${message}`);
  }

  /** The `message` of an envelope (the error handler has thrown for any other `type`). */
  private async call(api: 'public' | 'private', method: 'GET' | 'POST' | 'DELETE', path: string, params: Dict = {}): Promise<unknown> {
    const reply = (await this.request(path, api, method, params)) as Envelope;
    return reply.message;
  }

  // ── market data ─────────────────────────────────────────────────────────────────────────

  override async fetchTime(params: Dict = {}): Promise<Int> {
    const message = (await this.call('public', 'GET', 'time', params)) as Dict;
    return this.safeInteger(message, 'serverTime');
  }

  override async fetchMarkets(params: Dict = {}): Promise<Market[]> {
    const markets = (await this.call('public', 'GET', 'markets', params)) as Dict[];
    return markets.map((market) => this.parseMarket(market));
  }

  override parseMarket(market: Dict): Market {
    const id = this.safeString(market, 'symbol') ?? '';
    const base = this.safeString(market, 'base') ?? '';
    const quote = this.safeString(market, 'quote') ?? '';
    return this.safeMarketStructure({
      id,
      symbol: `${base}/${quote}`,
      base,
      quote,
      baseId: this.safeString(market, 'baseId'),
      quoteId: this.safeString(market, 'quoteId'),
      active: this.safeBool(market, 'enabled'),
      type: 'spot',
      spot: true,
      margin: false,
      swap: false,
      future: false,
      option: false,
      contract: false,
      maker: this.safeNumber(market, 'makerFee'),
      taker: this.safeNumber(market, 'takerFee'),
      precision: { amount: this.safeNumber(market, 'stepSize'), price: this.safeNumber(market, 'tickSize') },
      limits: { amount: { min: this.safeNumber(market, 'stepSize'), max: undefined }, price: { min: this.safeNumber(market, 'tickSize'), max: undefined }, cost: { min: undefined, max: undefined }, leverage: { min: undefined, max: undefined } },
      info: market,
    }) as Market;
  }

  override async fetchTicker(symbol: string, params: Dict = {}): Promise<Ticker> {
    await this.loadMarkets();
    const market = this.market(symbol);
    const ticker = (await this.call('public', 'GET', 'ticker', { symbol: market['id'], ...params })) as Dict;
    return this.parseTicker(ticker, market as Market);
  }

  override async fetchTickers(symbols: Strings = undefined, params: Dict = {}): Promise<Tickers> {
    await this.loadMarkets();
    const tickers = (await this.call('public', 'GET', 'tickers', params)) as Dict[];
    const parsed = tickers.map((ticker) => this.parseTicker(ticker));
    return this.filterByArrayTickers(parsed, 'symbol', symbols);
  }

  override parseTicker(ticker: Dict, market: Market = undefined): Ticker {
    const symbol = this.safeSymbol(this.safeString(ticker, 'symbol'), market, '_');
    const timestamp = this.safeInteger(ticker, 'time');
    return this.safeTicker(
      {
        symbol,
        timestamp,
        datetime: this.iso8601(timestamp),
        high: this.safeString(ticker, 'high'),
        low: this.safeString(ticker, 'low'),
        bid: this.safeString(ticker, 'bid'),
        bidVolume: this.safeString(ticker, 'bidQuantity'),
        ask: this.safeString(ticker, 'ask'),
        askVolume: this.safeString(ticker, 'askQuantity'),
        open: this.safeString(ticker, 'open'),
        close: this.safeString(ticker, 'last'),
        last: this.safeString(ticker, 'last'),
        baseVolume: this.safeString(ticker, 'volume'),
        info: ticker,
      },
      market,
    );
  }

  override async fetchOrderBook(symbol: string, limit: Int = undefined, params: Dict = {}): Promise<OrderBook> {
    await this.loadMarkets();
    const market = this.market(symbol);
    const depth = (await this.call('public', 'GET', 'depth', { symbol: market['id'], ...(limit === undefined ? {} : { limit }), ...params })) as Dict;
    const book = this.parseOrderBook(depth, market['symbol'], this.safeInteger(depth, 'time'));
    book['nonce'] = this.safeInteger(depth, 'seq');
    return book;
  }

  override async fetchTrades(symbol: string, since: Int = undefined, limit: Int = undefined, params: Dict = {}): Promise<Trade[]> {
    await this.loadMarkets();
    const market = this.market(symbol);
    const trades = (await this.call('public', 'GET', 'trades', { symbol: market['id'], ...(limit === undefined ? {} : { limit: Math.min(limit, 500) }), ...params })) as Dict[];
    return this.parseTrades(trades, market as Market, since, limit);
  }

  override parseTrade(trade: Dict, market: Market = undefined): Trade {
    const timestamp = this.safeInteger(trade, 'time');
    const own = trade['orderId'] !== undefined;
    const side = own ? this.safeStringLower(trade, 'side') : this.safeStringLower(trade, 'takerSide');
    return this.safeTrade(
      {
        id: this.safeString2(trade, 'tradeId', 'id'),
        order: this.safeString(trade, 'orderId'),
        timestamp,
        datetime: this.iso8601(timestamp),
        symbol: this.safeSymbol(this.safeString(trade, 'symbol'), market, '_'),
        type: undefined,
        side,
        takerOrMaker: own ? (this.safeBool(trade, 'maker') ? 'maker' : 'taker') : undefined,
        price: this.safeString(trade, 'price'),
        amount: this.safeString(trade, 'quantity'),
        fee: own ? { cost: this.safeString(trade, 'fee'), currency: this.safeString(trade, 'feeCurrency') } : undefined,
        info: trade,
      },
      market,
    );
  }

  override async fetchOHLCV(symbol: string, timeframe = '1m', since: Int = undefined, limit: Int = undefined, params: Dict = {}): Promise<OHLCV[]> {
    await this.loadMarkets();
    const market = this.market(symbol);
    const interval = TIMEFRAMES[timeframe] ?? timeframe;
    const candles = (await this.call('public', 'GET', 'candles', { symbol: market['id'], interval, ...(since === undefined ? {} : { since }), ...(limit === undefined ? {} : { limit: Math.min(limit, 500) }), ...params })) as unknown[][];
    return this.parseOHLCVs(candles, market as Market, timeframe, since, limit);
  }

  override parseOHLCV(ohlcv: unknown[]): OHLCV {
    return [this.safeInteger(ohlcv, 0), this.safeNumber(ohlcv, 1), this.safeNumber(ohlcv, 2), this.safeNumber(ohlcv, 3), this.safeNumber(ohlcv, 4), this.safeNumber(ohlcv, 5)] as OHLCV;
  }

  // ── the account ─────────────────────────────────────────────────────────────────────────

  /** The spot (`change`) wallet by default; `params.wallet`: legal, change, lever or micro. */
  override async fetchBalance(params: Dict = {}): Promise<Balances> {
    const wallet = this.safeString(params, 'wallet', 'change');
    const rows = (await this.call('private', 'GET', 'balances', { ...this.omit(params, 'wallet'), wallet })) as Dict[];
    const result: Dict = { info: rows };
    for (const row of rows) {
      const account = this.account();
      account['free'] = this.safeString(row, 'available');
      account['used'] = this.safeString(row, 'locked');
      result[this.safeCurrencyCode(this.safeString(row, 'currency')) ?? ''] = account;
    }
    return this.safeBalance(result);
  }

  /**
   * `params`: `timeInForce` (GTC, IOC, FOK), `postOnly`, `clientOrderId`, `stopPrice` (or
   * `triggerPrice`: a stop-limit order), `stp` (cancel_taker, cancel_maker, cancel_both).
   */
  override async createOrder(symbol: string, type: OrderType, side: OrderSide, amount: number, price: Num = undefined, params: Dict = {}): Promise<Order> {
    await this.loadMarkets();
    const market = this.market(symbol);
    const stopPrice = this.safeString2(params, 'stopPrice', 'triggerPrice');
    const postOnly = this.isPostOnly(type === 'market', false, params);
    const timeInForce = this.safeStringUpper(params, 'timeInForce');
    const request: Dict = {
      symbol: market['id'],
      side: String(side).toUpperCase(),
      type: stopPrice !== undefined ? 'STOP_LIMIT' : type.toUpperCase(),
      quantity: this.amountToPrecision(symbol, amount),
    };
    if (type === 'limit') request['price'] = this.priceToPrecision(symbol, price);
    if (stopPrice !== undefined) request['stopPrice'] = this.priceToPrecision(symbol, stopPrice);
    if (postOnly) request['postOnly'] = true;
    if (timeInForce !== undefined && timeInForce !== 'PO') request['timeInForce'] = timeInForce;
    const clientOrderId = this.safeString2(params, 'clientOrderId', 'newClientOrderId');
    if (clientOrderId !== undefined) request['clientOrderId'] = clientOrderId;
    const rest = this.omit(params, ['stopPrice', 'triggerPrice', 'postOnly', 'timeInForce', 'clientOrderId', 'newClientOrderId']);
    const order = (await this.call('private', 'POST', 'order', { ...request, ...rest })) as Dict;
    return this.parseOrder(order, market as Market);
  }

  override async cancelOrder(id: string, symbol: Str = undefined, params: Dict = {}): Promise<Order> {
    await this.loadMarkets();
    const clientOrderId = this.safeString(params, 'clientOrderId');
    const order = (await this.call('private', 'DELETE', 'order', clientOrderId === undefined ? { orderId: id } : { clientOrderId })) as Dict;
    return this.parseOrder(order, symbol === undefined ? undefined : (this.market(symbol) as Market));
  }

  override async cancelAllOrders(symbol: Str = undefined, params: Dict = {}): Promise<Order[]> {
    await this.loadMarkets();
    const market = symbol === undefined ? undefined : this.market(symbol);
    const ids = (await this.call('private', 'DELETE', 'orders', { ...(market ? { symbol: market['id'] } : {}), ...params })) as string[];
    return ids.map((id) => this.safeOrder({ id, status: 'canceled', symbol: market?.['symbol'], info: { orderId: id } }));
  }

  override async fetchOrder(id: string, _symbol: Str = undefined, params: Dict = {}): Promise<Order> {
    await this.loadMarkets();
    const clientOrderId = this.safeString(params, 'clientOrderId');
    const order = (await this.call('private', 'GET', 'order', clientOrderId === undefined ? { orderId: id } : { clientOrderId })) as Dict;
    return this.parseOrder(order);
  }

  override async fetchOpenOrders(symbol: Str = undefined, since: Int = undefined, limit: Int = undefined, params: Dict = {}): Promise<Order[]> {
    await this.loadMarkets();
    const market = symbol === undefined ? undefined : (this.market(symbol) as Market);
    const orders = (await this.call('private', 'GET', 'open-orders', { ...(market ? { symbol: market['id'] } : {}), ...(limit === undefined ? {} : { limit: Math.min(limit, 500) }), ...params })) as Dict[];
    return this.parseOrders(orders, market, since, limit);
  }

  override async fetchMyTrades(symbol: Str = undefined, since: Int = undefined, limit: Int = undefined, params: Dict = {}): Promise<Trade[]> {
    await this.loadMarkets();
    const market = symbol === undefined ? undefined : (this.market(symbol) as Market);
    const trades = (await this.call('private', 'GET', 'my-trades', { ...(market ? { symbol: market['id'] } : {}), ...(limit === undefined ? {} : { limit: Math.min(limit, 500) }), ...params })) as Dict[];
    return this.parseTrades(trades, market, since, limit);
  }

  override parseOrder(order: Dict, market: Market = undefined): Order {
    const timestamp = this.safeInteger(order, 'createdAt');
    const type = this.safeString(order, 'type');
    return this.safeOrder(
      {
        id: this.safeString(order, 'orderId'),
        clientOrderId: this.safeString(order, 'clientOrderId'),
        timestamp,
        datetime: this.iso8601(timestamp),
        lastTradeTimestamp: undefined,
        lastUpdateTimestamp: this.safeInteger(order, 'updatedAt'),
        symbol: this.safeSymbol(this.safeString(order, 'symbol'), market, '_'),
        type: type === 'MARKET' ? 'market' : 'limit',
        timeInForce: this.safeString(order, 'timeInForce'),
        postOnly: this.safeBool(order, 'postOnly'),
        side: this.safeStringLower(order, 'side') as OrderSide,
        price: this.safeString(order, 'price'),
        triggerPrice: this.safeString(order, 'stopPrice'),
        amount: this.safeString(order, 'quantity'),
        filled: this.safeString(order, 'filled'),
        cost: this.safeString(order, 'filledQuote'),
        average: undefined,
        remaining: undefined,
        status: STATUSES[this.safeString(order, 'status') ?? ''] ?? 'open',
        fee: undefined,
        trades: undefined,
        info: order,
      },
      market,
    );
  }

  // ── the stream (ccxt pro) ───────────────────────────────────────────────────────────────

  /** Subscribes to a channel of the stream; resolves with the next update it names. */
  private async subscribe(channel: string, messageHash = channel): Promise<unknown> {
    const url = this.urls['ws'] as string;
    // ccxt opens a plain ws:// (a server without TLS, as in development) only with its agent loaded
    await this.loadHttpProxyAgent();
    return this.watch(url, messageHash, { op: 'subscribe', args: [channel], id: `subscribe:${channel}` }, channel);
  }

  /** The book rebuilt from the snapshot the stream sends on subscribing and the numbered diffs after it. */
  override async watchOrderBook(symbol: string, limit: Int = undefined, params: Dict = {}): Promise<OrderBook> {
    void params;
    await this.loadMarkets();
    const market = this.market(symbol);
    const book = (await this.subscribe(`book:${market['id']}`)) as { limit(): OrderBook };
    return book.limit() ?? (limit as never);
  }

  override async watchTrades(symbol: string, since: Int = undefined, limit: Int = undefined, params: Dict = {}): Promise<Trade[]> {
    void params;
    await this.loadMarkets();
    const market = this.market(symbol);
    const trades = (await this.subscribe(`trades:${market['id']}`)) as Trade[];
    return this.filterBySinceLimit(trades, since, limit, 'timestamp', true);
  }

  /** The key owner's orders as they change (a signed login first). */
  override async watchOrders(symbol: Str = undefined, since: Int = undefined, limit: Int = undefined, params: Dict = {}): Promise<Order[]> {
    void params;
    await this.loadMarkets();
    await this.authenticate();
    const orders = (await this.subscribe('orders')) as Order[];
    return this.filterBySymbolSinceLimit(orders, symbol, since, limit, true);
  }

  /** The stream's login: a signature over the stream's path, as for a signed GET. */
  async authenticate(): Promise<unknown> {
    this.checkRequiredCredentials();
    const url = this.urls['ws'] as string;
    await this.loadHttpProxyAgent();
    const client = this.client(url) as unknown as StreamClient;
    const messageHash = 'authenticated';
    const existing = client.subscriptions[messageHash];
    if (existing !== undefined && existing !== true) return existing;
    const timestamp = String(this.milliseconds());
    const signature = signRequest(this.secret, { timestamp, method: 'GET', path: WS_PATH, query: '', body: '' });
    const future = this.watch(url, messageHash, { op: 'login', args: { key: this.apiKey, timestamp, signature }, id: 'login' }, messageHash);
    client.subscriptions[messageHash] = future;
    return future;
  }

  override handleMessage(client: StreamClient, message: WsMessage): void {
    if (message.id === 'login') {
      if (message.type === 'ok') client.resolve(message, 'authenticated');
      else {
        delete client.subscriptions['authenticated'];
        client.reject(new AuthenticationError(`${this.id} ${String(message.message)}`), 'authenticated');
      }
      return;
    }
    if (message.id !== undefined && message.type === 'error') {
      const channel = String(message.id).replace(/^subscribe:/, '');
      delete client.subscriptions[channel];
      client.reject(new ExchangeError(`${this.id} ${String(message.message)}`), channel);
      return;
    }
    const channel = message.channel;
    if (typeof channel !== 'string') return;
    if (channel.startsWith('book:')) this.handleBook(client, channel, message);
    else if (channel.startsWith('trades:')) client.resolve(this.parseTrades((message.data as Dict[]) ?? []), channel);
    else if (channel === 'orders') client.resolve(this.parseOrders((message.data as Dict[]) ?? []), channel);
  }

  private handleBook(client: StreamClient, channel: string, message: WsMessage): void {
    const market = this.safeMarket(channel.slice('book:'.length), undefined, '_');
    const symbol = String(market['symbol']);
    if (message.type === 'snapshot') {
      const book = this.orderBook({});
      book.reset(this.parseOrderBook(message, symbol));
      book['nonce'] = message.seq;
      this.orderbooks[symbol] = book;
      client.resolve(book, channel);
      return;
    }
    const book = this.orderbooks[symbol];
    if (book === undefined) return;
    const seq = message.seq ?? 0;
    if (seq <= (book['nonce'] as number)) return;
    if (seq !== (book['nonce'] as number) + 1) {
      // a gap: the book can no longer be trusted; subscribing again brings a new snapshot
      delete this.orderbooks[symbol];
      delete client.subscriptions[channel];
      client.reject(new ExchangeError(`${this.id} book diff ${seq} after ${String(book['nonce'])}: resubscribe`), channel);
      return;
    }
    for (const [side, levels] of [['bids', message['bids']], ['asks', message['asks']]] as const) {
      const bookSide = book[side] as unknown as { store(price: number, amount: number): void };
      for (const [price, amount] of (levels as [string, string][]) ?? []) bookSide.store(Number(price), Number(amount));
    }
    book['nonce'] = seq;
    client.resolve(book, channel);
  }
}
