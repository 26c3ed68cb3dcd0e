import { tryParseAmount, type Atoms } from '../../core/amount';
import { delay } from '../../lib/timers';
import type { PriceSource } from './source';

/** What the source uses of a ccxt exchange client. */
export interface CcxtClient {
  loadMarkets(): Promise<unknown>;
  readonly symbols: string[] | undefined;
  fetchTickers(symbols: string[]): Promise<Record<string, { symbol: string; bid?: number | undefined; ask?: number | undefined; last?: number | undefined }>>;
  numberToString(value: number): string;
}

/** A request slower than this is abandoned: the source's readings then age until they are dropped. */
export const SOURCE_TIMEOUT_MS = 3_000;

/**
 * A ccxt exchange client for public market data: ccxt (the field's library for exchanges' APIs)
 * speaks each exchange's own REST format. `urls` replaces the exchange's API addresses (tests
 * point it at a local server answering in that exchange's format); spot markets only.
 */
export async function ccxtClient(exchangeId: string, urls?: Record<string, string>): Promise<CcxtClient> {
  // imported when a deployment uses it: development needs no network and starts faster without it
  const ccxt = (await import('ccxt')).default;
  const Exchange = (ccxt as unknown as Record<string, new (config: object) => CcxtClient>)[exchangeId];
  if (!ccxt.exchanges.includes(exchangeId) || Exchange === undefined) throw new Error(`INDEX_SOURCES: ccxt knows no exchange "${exchangeId}"`);
  return new Exchange({
    timeout: SOURCE_TIMEOUT_MS,
    enableRateLimit: true,
    options: { defaultType: 'spot', fetchMarkets: { types: ['spot'] }, fetchCurrencies: false },
    ...(urls ? { urls: { api: urls } } : {}),
  });
}

/**
 * One exchange as an index source: it polls the public tickers of its markets (one request for
 * all of them) and keeps each market's newest price: the middle of the best bid and ask, or the
 * last trade when a side is missing. ccxt hands prices as doubles parsed from the exchange's
 * decimal text; the shortest decimal that reads back as the same double is that text for any
 * price of up to 15 significant digits, so that text is what is parsed into atoms, exactly.
 */
export class CcxtSource implements PriceSource {
  private readonly prices = new Map<string, { value: Atoms; at: number }>();
  /** the markets the feed asked for: each poll reads them all */
  private readonly markets = new Set<string>();
  private running = false;
  private client: CcxtClient | undefined;

  constructor(
    readonly name: string,
    /** makes the client at start: an exchange ccxt does not know stops the start */
    private readonly connect: () => Promise<CcxtClient>,
    private readonly clock: () => Date,
    private readonly pollMs: number,
    private readonly onFault: (error: unknown) => void,
  ) {}

  latest(market: string): { value: Atoms; at: number } | undefined {
    this.markets.add(market);
    return this.prices.get(market);
  }

  async start(): Promise<void> {
    if (this.running) return;
    const client = (this.client ??= await this.connect());
    this.running = true;
    void this.poll(client);
  }

  stop(): void {
    this.running = false;
  }

  private async poll(client: CcxtClient): Promise<void> {
    let reported = 0;
    while (this.running) {
      const started = this.clock().getTime();
      try {
        await client.loadMarkets();
        const listed = new Set(client.symbols ?? []);
        const wanted = [...this.markets].filter((market) => listed.has(market));
        const tickers = wanted.length === 0 ? {} : await client.fetchTickers(wanted);
        const at = this.clock().getTime();
        for (const ticker of Object.values(tickers)) {
          const value = this.priceOf(client, ticker);
          if (value !== undefined && this.running) this.prices.set(ticker.symbol, { value, at });
        }
      } catch (error) {
        // an exchange that is down or refuses us: its readings age and are dropped; say so once a minute
        if (started - reported >= 60_000) {
          reported = started;
          this.onFault(error);
        }
      }
      await delay(Math.max(0, this.pollMs - (this.clock().getTime() - started)));
    }
  }

  private priceOf(client: CcxtClient, ticker: { bid?: number | undefined; ask?: number | undefined; last?: number | undefined }): Atoms | undefined {
    const atoms = (value: number | undefined) => (value === undefined || !Number.isFinite(value) || value <= 0 ? undefined : tryParseAmount(client.numberToString(value)));
    const bid = atoms(ticker.bid);
    const ask = atoms(ticker.ask);
    if (bid !== undefined && ask !== undefined && bid <= ask) return (bid + ask) / 2n;
    return atoms(ticker.last);
  }
}
