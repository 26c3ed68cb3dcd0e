/** One source of a pair's index: a ccxt exchange id (`binance`) or `simulator`, and the market to read there. */
export interface SourceSpec {
  name: string;
  /** the market's symbol on that source (`BTC/USD` on an exchange without BTC/USDT); default: the pair's own symbol */
  market?: string;
}

/** Which sources feed which pair: a list for every pair, and per-pair lists that replace it. */
export interface IndexSourceSettings {
  everyPair: SourceSpec[];
  byPair: Map<string, SourceSpec[]>;
}

/** The development source: the market-maker simulator's reference price (refused in production). */
export const SIMULATOR_SOURCE = 'simulator';

/** Production's sources of every pair unless set: four major exchanges' public market data, through ccxt. */
export const PRODUCTION_INDEX_SOURCES = 'binance,okx,coinbase,kraken';

const NAME = /^[a-z][a-z0-9]*$/;
const SYMBOL = /^[A-Z0-9]+\/[A-Z0-9]+$/;

/**
 * Reads `INDEX_SOURCES`: entries separated by `;`, each `source,source,…` (every pair) or
 * `BASE/QUOTE=source,…` (that pair only); a source is an exchange id as ccxt names it, or
 * `simulator`, optionally with `:MARKET` when the exchange lists the pair under another symbol:
 * `binance,okx,coinbase,kraken;DOGE/USDT=binance,okx,kraken`. Throws naming the first problem.
 */
export function parseIndexSources(text: string): IndexSourceSettings {
  const settings: IndexSourceSettings = { everyPair: [], byPair: new Map() };
  for (const raw of text.split(';').map((entry) => entry.trim()).filter((entry) => entry !== '')) {
    const equals = raw.indexOf('=');
    const pair = equals < 0 ? undefined : raw.slice(0, equals).trim().toUpperCase();
    const list = (equals < 0 ? raw : raw.slice(equals + 1)).split(',').map((part) => part.trim()).filter((part) => part !== '');
    if (pair !== undefined && !SYMBOL.test(pair)) throw new Error(`INDEX_SOURCES: "${pair}" is not a pair (BASE/QUOTE)`);
    if (list.length === 0) throw new Error(`INDEX_SOURCES: "${raw}" names no source`);
    const specs = list.map((part): SourceSpec => {
      const [name = '', market] = part.split(':').map((piece) => piece.trim());
      if (!NAME.test(name)) throw new Error(`INDEX_SOURCES: "${part}" is not a source (an exchange id, or simulator)`);
      if (market !== undefined && !SYMBOL.test(market.toUpperCase())) throw new Error(`INDEX_SOURCES: "${part}": the market must be BASE/QUOTE`);
      return market === undefined ? { name } : { name, market: market.toUpperCase() };
    });
    const names = specs.map((spec) => spec.name);
    if (new Set(names).size !== names.length) throw new Error(`INDEX_SOURCES: "${raw}" names a source twice`);
    if (pair === undefined) settings.everyPair = specs;
    else settings.byPair.set(pair, specs);
  }
  return settings;
}

/** The sources of one pair. */
export function sourcesOf(settings: IndexSourceSettings, symbol: string): SourceSpec[] {
  return settings.byPair.get(symbol.toUpperCase()) ?? settings.everyPair;
}

/** Every source name the settings use. */
export function sourceNames(settings: IndexSourceSettings): Set<string> {
  return new Set([...settings.everyPair, ...[...settings.byPair.values()].flat()].map((spec) => spec.name));
}
