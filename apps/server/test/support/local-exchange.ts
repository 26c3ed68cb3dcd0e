import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the local exchange answers its ticker call: with its prices, not at all (it stalls), or with an error. */
export type ExchangeBehaviour = 'answer' | 'stall' | 'fail';

/**
 * A local exchange speaking Binance's public spot REST format (`/api/v3/exchangeInfo`,
 * `/api/v3/ticker/24hr`), so the production index source (ccxt's Binance client, its `urls`
 * pointed here) is tested against a real HTTP server without any network. Prices are decimal
 * text, as Binance sends them; a test sets them, makes the exchange stall or fail, and counts calls.
 */
export class LocalExchange {
  private server: Server | undefined;
  private readonly prices = new Map<string, string>();
  behaviour: ExchangeBehaviour = 'answer';
  tickerCalls = 0;
  /** requests left hanging while the exchange stalls, answered (with an error) when it stops */
  private readonly hanging = new Set<() => void>();

  /** Binance's market ids: `BTCUSDT` for BTC/USDT. */
  setPrice(symbol: string, price: string): void {
    this.prices.set(symbol.replace('/', ''), price);
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    return `http://127.0.0.1:${address?.port ?? 0}/api/v3`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://local');
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/api/v3/exchangeInfo') {
        json(200, { timezone: 'UTC', serverTime: Date.now(), rateLimits: [], exchangeFilters: [], symbols: [...this.prices.keys()].map(marketOf) });
        return;
      }
      if (url.pathname === '/api/v3/ticker/24hr') {
        this.tickerCalls += 1;
        if (this.behaviour === 'stall') {
          const release = () => json(503, { code: -1, msg: 'stopped' });
          this.hanging.add(release);
          request.on('close', () => this.hanging.delete(release));
          return;
        }
        if (this.behaviour === 'fail') {
          json(503, { code: -1003, msg: 'Service unavailable' });
          return;
        }
        const wanted = url.searchParams.get('symbols');
        const ids = wanted ? (JSON.parse(wanted) as string[]) : [...this.prices.keys()];
        json(200, ids.filter((id) => this.prices.has(id)).map((id) => tickerOf(id, this.prices.get(id) as string)));
        return;
      }
      json(404, { code: -1, msg: 'not found' });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    this.hanging.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }
}

function marketOf(id: string) {
  const quote = id.endsWith('USDT') ? 'USDT' : id.slice(-3);
  return {
    symbol: id,
    status: 'TRADING',
    baseAsset: id.slice(0, id.length - quote.length),
    baseAssetPrecision: 8,
    quoteAsset: quote,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    orderTypes: ['LIMIT', 'MARKET'],
    icebergAllowed: true,
    ocoAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: '0.01000000', maxPrice: '1000000.00000000', tickSize: '0.01000000' },
      { filterType: 'LOT_SIZE', minQty: '0.00001000', maxQty: '9000.00000000', stepSize: '0.00001000' },
    ],
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
  };
}

function tickerOf(id: string, price: string) {
  const now = Date.now();
  return {
    symbol: id,
    priceChange: '0',
    priceChangePercent: '0',
    weightedAvgPrice: price,
    prevClosePrice: price,
    lastPrice: price,
    lastQty: '0.001',
    bidPrice: price,
    bidQty: '1',
    askPrice: price,
    askQty: '1',
    openPrice: price,
    highPrice: price,
    lowPrice: price,
    volume: '1',
    quoteVolume: price,
    openTime: now - 86_400_000,
    closeTime: now,
    firstId: 1,
    lastId: 2,
    count: 2,
  };
}
