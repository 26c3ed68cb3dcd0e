import { formatAmount, parseAmount, type Atoms } from '../../core/amount';
import type { PairRow } from './market-repository';

/** What market data knows of a pair: its currencies, precisions and quotation settings. */
export interface PairInfo {
  id: number;
  currencyId: number;
  legalId: number;
  currencyName: string;
  legalName: string;
  /** BTC/USDT */
  symbol: string;
  logo: string;
  referencePrice: Atoms;
  pricePrecision: number;
  quantityPrecision: number;
  leverShareNum: string;
  spread: string;
  leverTradeFee: string;
  isDisplay: boolean;
  openMicrotrade: boolean;
  openLever: boolean;
}

/** One spelling of a symbol for every way clients write it: `BTC/USDT`, `BTCUSDT`, `btc_usdt`, `btc-usdt`. */
export function symbolKey(symbol: string): string {
  return symbol.toUpperCase().replace(/[/_\-\s]/g, '');
}

function decimal(text: string): string {
  return formatAmount(parseAmount(text));
}

export function toPairInfo(row: PairRow): PairInfo {
  return {
    id: row.id,
    currencyId: row.currency_id,
    legalId: row.legal_id,
    currencyName: row.currency_name,
    legalName: row.legal_name,
    symbol: `${row.currency_name}/${row.legal_name}`,
    logo: row.logo,
    referencePrice: parseAmount(row.usdt_price),
    pricePrecision: row.price_precision,
    quantityPrecision: row.quantity_precision,
    leverShareNum: decimal(row.lever_share_num),
    spread: decimal(row.spread),
    leverTradeFee: decimal(row.lever_trade_fee),
    isDisplay: row.is_display,
    openMicrotrade: row.open_microtrade,
    openLever: row.open_lever,
  };
}
