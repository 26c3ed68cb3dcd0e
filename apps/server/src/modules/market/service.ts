import { CRYPTO_MARKET_CATEGORY, type Lang } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { flag } from '../wallets/display';
import type { CurrencyRepository, CurrencyRow } from './repository';


function toSummary(row: CurrencyRow) {
  return {
    id: row.id,
    name: row.name,
    full_name: row.full_name,
    logo: row.logo,
    currency_type: row.currency_type,
    is_legal: flag(row.is_legal),
    is_match: flag(row.is_match),
    is_micro: flag(row.is_micro),
    is_lever: flag(row.is_lever),
  };
}

/**
 * The market categories old clients show as tabs: 3 is crypto-currency. Every market here is a
 * crypto-currency pair, so that is the only one.
 */
const MARKET_CATEGORIES = [{ value: CRYPTO_MARKET_CATEGORY, sort: 1 }];

export class CurrencyService {
  constructor(private readonly currencies: CurrencyRepository) {}

  categories() {
    return MARKET_CATEGORIES.map((category) => ({ ...category }));
  }

  async list() {
    const [legal, currencies] = await Promise.all([this.currencies.listFiat(), this.currencies.listDisplayed()]);
    return { legal, currencies: currencies.map(toSummary) };
  }

  async detail(id: number, lang: Lang) {
    const row = await this.currencies.findById(id);
    if (!row) refuse('currency not found');
    return { ...toSummary(row), desc: await this.currencies.description(id, lang) };
  }
}
