import type { Config } from '../../config';
import type { Core } from '../../core/core';
import type { ReferencePrices } from '../market-makers/reference-prices';
import { CcxtSource, ccxtClient } from './ccxt-source';
import { FEED_TIMING, IndexFeed } from './feed';
import { parseIndexSources, SIMULATOR_SOURCE, sourceNames, sourcesOf } from './settings';
import { SimulatorSource } from './simulator-source';
import type { PriceSource } from './source';

/** The index feed the settings describe: `INDEX_SOURCES` per pair, at least `INDEX_MIN_SOURCES` fresh ones. */
export function createIndexFeed(config: Pick<Config, 'INDEX_SOURCES' | 'INDEX_MIN_SOURCES'>, core: Core, referencePrices: ReferencePrices, clock: () => Date): IndexFeed {
  const settings = parseIndexSources(config.INDEX_SOURCES);
  const sources = new Map<string, PriceSource>();
  for (const name of sourceNames(settings)) {
    if (name === SIMULATOR_SOURCE) {
      sources.set(name, new SimulatorSource((symbol) => {
        for (const pair of core.read.pairs()) if (pair.symbol === symbol) return referencePrices.get(pair.id);
        return undefined;
      }, clock));
    } else {
      sources.set(name, new CcxtSource(name, () => ccxtClient(name), clock, FEED_TIMING.tickMs, (error) => feed.fault(error)));
    }
  }
  const feed = new IndexFeed(
    core,
    (symbol) => sourcesOf(settings, symbol).flatMap((spec) => {
      const source = sources.get(spec.name);
      return source ? [{ source, market: spec.market ?? symbol }] : [];
    }),
    [...sources.values()],
    { ...FEED_TIMING, minSources: config.INDEX_MIN_SOURCES },
    clock,
  );
  return feed;
}
