import { UNIT } from '@tessera/protocol';
import type { Atoms } from '../amount';
import { MARK_BAND_BP } from '../index-prices/rules';

/**
 * The lowest `lever_trade_fee` (a percent) of a pair open for leverage: the band's whole width,
 * 0.04 %. A position pushed from one edge of the mark's band to the other gains at most that, so
 * its fee must cost at least as much.
 */
export const MIN_LEVER_FEE_PERCENT: Atoms = (2n * MARK_BAND_BP * UNIT) / 100n;

/**
 * A pair's lever settings (operator API); contract size, spread, fee and `enabled` live on
 * `currency_pairs` (where the quotation reads them), the rest on `lever_pair_settings`. Whether the
 * pair is shown and its price precision are the spot pair's (the spot kind's state), read when applying.
 */
export interface LeverPairSettings {
  pairId: number;
  legalId: number;
  currencyId: number;
  symbol: string;
  /** open_lever: new orders are refused otherwise; open positions go on */
  enabled: boolean;
  /** lever_share_num: contract size of one hand, in the base currency */
  shareNum: Atoms;
  /** an amount of the quote currency added to the mark for a buy, taken off it for a sell */
  spread: Atoms;
  /** lever_trade_fee: percent of the contract value, at open */
  feeRate: Atoms;
  /** the multiples a user may choose */
  multiples: number[];
  /** quick hand sizes the form offers */
  shares: number[];
  handsMin: number;
  /** 0: no maximum */
  handsMax: number;
  /** percent of a held position's value charged each day */
  overnightRate: Atoms;
  /** per user and pair: held positions, pending orders */
  maxPositions: number;
  maxPending: number;
}

/** Settings of every pair. */
export interface LeverGlobalSettings {
  /** percent: at or below this risk rate a user's positions in that currency are liquidated */
  liquidationRate: Atoms;
  /** HH:MM in Asia/Shanghai: when the overnight fee is charged each day */
  overnightTime: string;
  /** days are charged from the first overnight time after this moment */
  overnightFrom: Date;
  /** bumped when the overnight time changes: names the deadline of the next charge */
  overnightVersion: number;
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;

/** Minutes after midnight of an `HH:MM` time; undefined when it is not one. */
export function minutesOf(time: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The Shanghai calendar day (days since 1970-01-01) of a moment. */
export const shanghaiDayOf = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS);

/** When day `day`'s overnight fee is due: that Shanghai day at `time`. */
export function overnightDueAt(day: number, time: string): number {
  return day * DAY_MS - SHANGHAI_OFFSET_MS + (minutesOf(time) ?? 0) * 60_000;
}

/** The first day whose overnight time is strictly after `after`. */
export function firstDayAfter(after: number, time: string): number {
  let day = shanghaiDayOf(after);
  while (overnightDueAt(day, time) <= after) day += 1;
  return day;
}

/** `YYYY-MM-DD` of a day number. */
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const dayFromText = (text: string) => Math.round(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
