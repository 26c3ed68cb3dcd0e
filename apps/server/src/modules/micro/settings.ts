import { parseAmount, tryParseAmount, type Atoms } from '../../core/amount';

/** The operator's terms of second contracts, stored as one JSON setting (`microtrade`). */
export interface MicroSettingsValue {
  /** the durations offered and what a win pays, percent of the stake */
  seconds: { seconds: number; profit_ratio: string }[];
  /** stakes are whole multiples of this */
  stake_multiple: string;
  min_stake: string;
  max_stake: string;
  /** percent of the stake charged at the opening */
  fee_percent: string;
  /** the quick stakes the trade panel offers */
  quick_numbers: string[];
  /** the currencies contracts may be staked in (each must be a micro-wallet currency) */
  currencies: number[];
}

export const MICRO_SETTING_KEY = 'microtrade';

/** A fresh install's terms: USDT stakes of 10 to 100,000 in steps of 10, a 0.5 % fee. */
export const DEFAULT_MICRO_SETTINGS: MicroSettingsValue = {
  seconds: [
    { seconds: 30, profit_ratio: '80' },
    { seconds: 60, profit_ratio: '85' },
    { seconds: 120, profit_ratio: '90' },
    { seconds: 300, profit_ratio: '95' },
  ],
  stake_multiple: '10',
  min_stake: '10',
  max_stake: '100000',
  fee_percent: '0.5',
  quick_numbers: ['10', '50', '100', '500', '1000'],
  currencies: [3],
};

/** The terms in atoms, for the service's checks. */
export interface MicroTerms {
  seconds: Map<number, Atoms>;
  multiple: Atoms;
  min: Atoms;
  max: Atoms;
  feePercent: Atoms;
  currencies: Set<number>;
  raw: MicroSettingsValue;
}

export function termsOf(value: MicroSettingsValue): MicroTerms {
  return {
    seconds: new Map(value.seconds.map((option) => [option.seconds, parseAmount(option.profit_ratio)])),
    multiple: parseAmount(value.stake_multiple),
    min: parseAmount(value.min_stake),
    max: parseAmount(value.max_stake),
    feePercent: parseAmount(value.fee_percent),
    currencies: new Set(value.currencies),
    raw: value,
  };
}

/**
 * What is wrong with an operator's terms, or undefined: amounts positive, the minimum and maximum
 * whole multiples of the step with min ≤ max, ratios within 0–1000 %, the fee within 0–50 %,
 * durations unique.
 */
export function problemOf(value: MicroSettingsValue): string | undefined {
  const amount = (text: string) => tryParseAmount(text);
  const multiple = amount(value.stake_multiple);
  const min = amount(value.min_stake);
  const max = amount(value.max_stake);
  const fee = amount(value.fee_percent);
  if (multiple === undefined || multiple <= 0n) return 'stake_multiple must be above 0';
  if (min === undefined || min <= 0n || min % multiple !== 0n) return 'min_stake must be a positive multiple of stake_multiple';
  if (max === undefined || max < min || max % multiple !== 0n) return 'max_stake must be a multiple of stake_multiple, at least min_stake';
  if (fee === undefined || fee < 0n || fee > parseAmount('50')) return 'fee_percent must be within 0 and 50';
  if (new Set(value.seconds.map((option) => option.seconds)).size !== value.seconds.length) return 'seconds must be unique';
  for (const option of value.seconds) {
    const ratio = amount(option.profit_ratio);
    if (ratio === undefined || ratio < 0n || ratio > parseAmount('1000')) return 'profit_ratio must be within 0 and 1000';
  }
  for (const number of value.quick_numbers) {
    const stake = amount(number);
    if (stake === undefined || stake <= 0n || stake % multiple !== 0n) return 'quick_numbers must be positive multiples of stake_multiple';
  }
  return undefined;
}
