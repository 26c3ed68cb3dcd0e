/** What the market feature offers other features: the live feed, quotations, the selected pair and the market widgets. */
export { CandleChart } from './CandleChart';
export { Change } from './Change';
export { MarketList } from './MarketList';
export { OrderBook } from './OrderBook';
export { PairIcon } from './PairIcon';
export { PairStats } from './PairStats';
export { IndexMarkStrip } from './IndexMarkStrip';
export { RecentDeals } from './RecentDeals';
export { Sparkline } from './Sparkline';
export { seedBook, useLive, useMarketFeed, usePairFeed } from './live-store';
export { useCurrencyDetail, useIndexPrice, useLiveQuotations, useQuotations, useRecentDeals } from './queries';
export { type PairRef, selectPair, useEnsuredPair } from './selected-pair';
