/**
 * The spot pairs of a fresh install, all quoted in USDT (currency 3). Precisions are decimals of
 * price and quantity: the engine's ticks and lots derive from them. Fees are fractions.
 */
export interface SeedPair {
  currency: string;
  pricePrecision: number;
  quantityPrecision: number;
  makerFee: string;
  takerFee: string;
  leverShareNum: string;
  spread: string;
  leverTradeFee: string;
  openMicrotrade: boolean;
  openLever: boolean;
}

// leverTradeFee is a percent of the contract value (0.05 %)
const standard = { makerFee: '0.001', takerFee: '0.002', leverTradeFee: '0.05' } as const;

export const SEED_PAIRS: SeedPair[] = [
  { currency: 'BTC', pricePrecision: 2, quantityPrecision: 6, leverShareNum: '0.01', spread: '0.5', openMicrotrade: true, openLever: true, ...standard },
  { currency: 'ETH', pricePrecision: 2, quantityPrecision: 4, leverShareNum: '0.1', spread: '0.05', openMicrotrade: true, openLever: true, ...standard },
  { currency: 'LINK', pricePrecision: 3, quantityPrecision: 2, leverShareNum: '10', spread: '0.005', openMicrotrade: true, openLever: true, ...standard },
  { currency: 'LTC', pricePrecision: 2, quantityPrecision: 3, leverShareNum: '1', spread: '0.01', openMicrotrade: false, openLever: true, ...standard },
  { currency: 'BCH', pricePrecision: 2, quantityPrecision: 3, leverShareNum: '0.1', spread: '0.05', openMicrotrade: false, openLever: true, ...standard },
  { currency: 'UNI', pricePrecision: 3, quantityPrecision: 2, leverShareNum: '10', spread: '0.005', openMicrotrade: false, openLever: true, ...standard },
  { currency: 'ETC', pricePrecision: 3, quantityPrecision: 2, leverShareNum: '10', spread: '0.005', openMicrotrade: false, openLever: false, ...standard },
  { currency: 'DOGE', pricePrecision: 5, quantityPrecision: 0, leverShareNum: '1000', spread: '0.00002', openMicrotrade: false, openLever: false, ...standard },
  { currency: 'TRX', pricePrecision: 5, quantityPrecision: 0, leverShareNum: '1000', spread: '0.00002', openMicrotrade: false, openLever: false, ...standard },
  { currency: 'AAVE', pricePrecision: 2, quantityPrecision: 3, leverShareNum: '1', spread: '0.05', openMicrotrade: false, openLever: false, ...standard },
  { currency: 'TSR', pricePrecision: 4, quantityPrecision: 2, leverShareNum: '10', spread: '0.0005', openMicrotrade: false, openLever: false, makerFee: '0', takerFee: '0.001', leverTradeFee: '0' },
  { currency: 'USDC', pricePrecision: 4, quantityPrecision: 2, leverShareNum: '100', spread: '0.0001', openMicrotrade: false, openLever: false, makerFee: '0', takerFee: '0.0005', leverTradeFee: '0' },
];

/** Which wallets hold which currencies (each currency's flags is_legal, is_micro and is_lever). */
export const WALLET_FLAGS: Record<string, { legal: boolean; micro: boolean; lever: boolean }> = {
  USDT: { legal: true, micro: true, lever: true },
  BTC: { legal: true, micro: true, lever: false },
  ETH: { legal: true, micro: true, lever: false },
  USDC: { legal: true, micro: false, lever: false },
};

/**
 * Deposits and withdrawals per currency: BTC, USDT, ETH and USDC take deposits; BTC, USDT and ETH
 * can be withdrawn. Amounts in the currency; the fee is flat in the change wallet, a percent in micro.
 */
export const CHAIN_SETTINGS: Record<
  string,
  { networks: string[]; withdraw: boolean; min: string; max: string; dayLimit: string; fee: string; microPercent: string }
> = {
  BTC: { networks: ['btc'], withdraw: true, min: '0.001', max: '50', dayLimit: '100', fee: '0.0005', microPercent: '0.5' },
  ETH: { networks: ['erc20'], withdraw: true, min: '0.01', max: '1000', dayLimit: '2000', fee: '0.005', microPercent: '0.5' },
  USDT: { networks: ['trc20', 'erc20'], withdraw: true, min: '10', max: '200000', dayLimit: '500000', fee: '1', microPercent: '1' },
  USDC: { networks: ['erc20'], withdraw: false, min: '0', max: '0', dayLimit: '0', fee: '0', microPercent: '0' },
};
