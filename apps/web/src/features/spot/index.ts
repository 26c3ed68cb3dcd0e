/** What the spot-trading feature offers other features: the trading screen, its desk panels and the balance refresh. */
export { DeskOrderBook, DeskRecentDeals, DeskTradePanel } from './DeskPanels';
export { TradingScreen } from './TradingScreen';
export type { PairDesk } from './useTradingPair';
export { useBalanceRefresh } from './queries';
