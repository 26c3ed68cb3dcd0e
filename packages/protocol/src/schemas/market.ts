import { z } from 'zod';
import { cacheBusting, requiredId } from './form';

export const fiatCurrency = z.object({ id: z.int(), name: z.string() });

export const currencySummary = z.object({
  id: z.int(),
  name: z.string(),
  full_name: z.string(),
  logo: z.string(),
  currency_type: z.string(),
  is_legal: z.union([z.literal(0), z.literal(1)]),
  is_match: z.union([z.literal(0), z.literal(1)]),
  is_micro: z.union([z.literal(0), z.literal(1)]),
  is_lever: z.union([z.literal(0), z.literal(1)]),
});

export const currencyList = z.object({
  legal: z.array(fiatCurrency).describe('fiat currencies for c2c, CNY first'),
  currencies: z.array(currencySummary),
});

export const currencyDetailQuery = z.object({ id: requiredId, lang: z.string().optional(), ...cacheBusting });
export const currencyDetail = currencySummary.extend({ desc: z.string().describe('HTML') });
export type CurrencyDetail = z.infer<typeof currencyDetail>;

/** currency/type: the market categories of old clients; 3 is crypto-currency, the only one here. */
export const CRYPTO_MARKET_CATEGORY = 3;
export const marketCategory = z.object({ value: z.int().describe('3: crypto-currency'), sort: z.int() });
