import { formatFixed, type MicroOrder } from '@tessera/protocol';
import { formatAmount, parseAmount, type Atoms } from '../../core/amount';
import { MICRO_UP, type MicroContract } from '../../core/micro/state';
import { formatTimestamp } from '../../lib/time';
import type { MicroOrderRow } from './repository';

/** What a contract row shows, from the core's record or from its row. */
export type ShownContract = Pick<
  MicroContract,
  'id' | 'pairId' | 'currencyId' | 'type' | 'seconds' | 'number' | 'fee' | 'profitRatio' | 'openPrice' | 'openedAt' | 'expiresAt' | 'status' | 'endPrice' | 'factProfits' | 'settledAt'
>;

export interface ContractNames {
  symbol: string;
  pricePrecision: number;
  currencyName: string;
}

/** A contract's direction in words, as operators read it: 1 up, 2 down. */
export const directionName = (type: number): 'up' | 'down' => (type === MICRO_UP ? 'up' : 'down');

/** Amounts of the stake currency show 8 decimals, floored. */
const AMOUNT_DECIMALS = 8;

export function contractFromOrderRow(row: MicroOrderRow): ShownContract {
  const amount = (text: string | null) => (text === null ? null : parseAmount(text));
  return {
    id: Number(row.id),
    pairId: row.pair_id,
    currencyId: row.currency_id,
    type: row.type as 1 | 2,
    seconds: row.seconds,
    number: parseAmount(row.number),
    fee: parseAmount(row.fee),
    profitRatio: parseAmount(row.profit_ratio),
    openPrice: parseAmount(row.open_price),
    openedAt: new Date(row.opened_at),
    expiresAt: new Date(row.expires_at),
    status: row.status as 1 | 3,
    endPrice: amount(row.end_price),
    factProfits: amount(row.fact_profits),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

/** A contract as microtrade/lists and the `closed_microorder` push show it. */
export function presentContract(contract: ShownContract, names: ContractNames, now: Date): MicroOrder {
  const price = (atoms: Atoms) => formatFixed(atoms, names.pricePrecision);
  const running = contract.status === 1;
  return {
    id: contract.id,
    match_id: contract.pairId,
    symbol_name: names.symbol,
    seconds: contract.seconds,
    number: formatFixed(contract.number, AMOUNT_DECIMALS),
    currency_id: contract.currencyId,
    currency_name: names.currencyName,
    open_price: price(contract.openPrice),
    end_price: contract.endPrice === null ? '' : price(contract.endPrice),
    type: contract.type,
    status: contract.status,
    profit_ratio: formatAmount(contract.profitRatio),
    fact_profits: contract.factProfits === null ? '' : formatFixed(contract.factProfits, AMOUNT_DECIMALS),
    fee: formatFixed(contract.fee, AMOUNT_DECIMALS),
    remain_milli_seconds: running ? Math.max(0, contract.expiresAt.getTime() - now.getTime()) : 0,
    created_at: formatTimestamp(contract.openedAt),
    handled_at: contract.settledAt === null ? '' : formatTimestamp(contract.settledAt),
  };
}
