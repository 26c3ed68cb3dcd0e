import type { Database, Queryable } from '../database';
import { hashPassword } from '../../lib/password';
import { newInviteCode } from '../../lib/tokens';
import { SettingsRepository } from '../../modules/system/settings-repository';
import { SETTING } from '../../modules/system/settings';
import { UserRepository } from '../../modules/users/repository';
import { SEED_COUNTRIES } from './content/countries';
import { SEED_CURRENCIES } from './content/currencies';
import { SEED_FIAT_CURRENCIES } from './content/fiat';
import { NEWS_CATEGORIES, SEED_ARTICLES } from './content/news';
import { DEMO_USERS, GUEST_ACCOUNT } from './demo-users';
import { SEED_PAIRS, CHAIN_SETTINGS, WALLET_FLAGS } from './pairs';
import { seedDemoAcceptor, seedDemoUpstart } from './demo-products';

const USDT_ID = 3;
export const MEDIA_PREFIX = '/media';

export interface SeedOptions {
  demoData: boolean;
  supportUrl: string;
  appDownloadUrl: string;
}

/**
 * Fills an empty database: reference data (currencies, pairs, fiat, countries, news categories,
 * links) always; demo accounts and articles when `demoData`. Runs once: a marker setting makes
 * later starts skip it, so an operator's edits are never overwritten.
 */
export async function seed(db: Database, options: SeedOptions): Promise<boolean> {
  const settings = new SettingsRepository(db);
  if (await settings.get(SETTING.seededAt)) return false;
  await db.transaction(async (tx) => {
    await seedReferenceData(tx, options);
    if (options.demoData) {
      await seedArticles(tx);
      await seedDemoUsers(tx);
      await seedDemoUpstart(tx, new Date());
      await seedDemoAcceptor(tx, 'trader@tessera.example');
    }
    await new SettingsRepository(tx).set(SETTING.seededAt, new Date().toISOString());
  });
  return true;
}

async function seedReferenceData(tx: Queryable, options: SeedOptions): Promise<void> {
  for (const [sort, currency] of SEED_CURRENCIES.entries()) {
    const flags = WALLET_FLAGS[currency.name] ?? { legal: false, micro: false, lever: false };
    await tx.query(
      `insert into currencies (id, name, full_name, currency_type, decimals, logo, usdt_price,
         is_legal, is_match, is_micro, is_lever, is_display, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10, true, $11)`,
      [
        currency.id,
        currency.name,
        currency.full_name,
        currency.currency_type,
        currency.decimals,
        `${MEDIA_PREFIX}/coins/${currency.logo}`,
        currency.usdt_price,
        flags.legal,
        flags.micro,
        flags.lever,
        sort,
      ],
    );
    const chain = CHAIN_SETTINGS[currency.name];
    if (chain) {
      await tx.query(
        `update currencies set can_deposit = true, can_withdraw = $2, networks = $3, withdraw_min = $4, withdraw_max = $5,
           withdraw_day_limit = $6, withdraw_fee = $7, micro_withdraw_percent = $8 where id = $1`,
        [currency.id, chain.withdraw, chain.networks, chain.min, chain.max, chain.dayLimit, chain.fee, chain.microPercent],
      );
    }
    for (const [lang, body] of Object.entries(currency.desc)) {
      await tx.query('insert into currency_descriptions (currency_id, lang, body) values ($1, $2, $3)', [
        currency.id,
        lang,
        body,
      ]);
    }
  }
  const idOf = new Map(SEED_CURRENCIES.map((currency) => [currency.name, currency.id]));
  for (const [sort, pair] of SEED_PAIRS.entries()) {
    const currencyId = idOf.get(pair.currency);
    if (currencyId === undefined) throw new Error(`seed pair names unknown currency ${pair.currency}`);
    await tx.query(
      `insert into currency_pairs (currency_id, legal_id, price_precision, quantity_precision, maker_fee, taker_fee,
         lever_share_num, spread, lever_trade_fee, is_display, open_microtrade, open_lever, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, $11, $12)`,
      [
        currencyId,
        USDT_ID,
        pair.pricePrecision,
        pair.quantityPrecision,
        pair.makerFee,
        pair.takerFee,
        pair.leverShareNum,
        pair.spread,
        pair.leverTradeFee,
        pair.openMicrotrade,
        pair.openLever,
        sort,
      ],
    );
  }
  for (const [sort, fiat] of SEED_FIAT_CURRENCIES.entries()) {
    await tx.query('insert into fiat_currencies (id, name, usdt_rate, sort) values ($1, $2, $3, $4)', [
      fiat.id,
      fiat.name,
      fiat.usdt_rate,
      sort,
    ]);
  }
  for (const [sort, country] of SEED_COUNTRIES.entries()) {
    await tx.query('insert into countries (country_id, area_code, name_cn, name_en, sort) values ($1, $2, $3, $4, $5)', [
      country.country_id,
      country.area_code,
      country.name_cn,
      country.name_en,
      sort,
    ]);
  }
  for (const category of NEWS_CATEGORIES) {
    await tx.query('insert into news_categories (id, name_en, name_zh) values ($1, $2, $3)', [
      category.id,
      category.name_en,
      category.name_zh,
    ]);
  }
  const settings = new SettingsRepository(tx);
  await settings.set(SETTING.supportLinks, { pc: options.supportUrl, mobile: options.supportUrl });
  await settings.set(SETTING.appLinks, {
    app_download: options.appDownloadUrl,
    ios: options.appDownloadUrl,
    android: options.appDownloadUrl,
  });
}

async function seedArticles(tx: Queryable): Promise<void> {
  for (const article of SEED_ARTICLES) {
    await tx.query(
      `insert into news (c_id, article_key, lang, title, abstract, content, thumbnail, sort, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [
        article.c_id,
        article.key,
        article.lang,
        article.title,
        article.abstract,
        article.content,
        article.thumbnail ? `${MEDIA_PREFIX}/banners/${article.thumbnail}` : '',
        article.sort,
        new Date(article.published_at),
      ],
    );
  }
}

async function seedDemoUsers(tx: Queryable): Promise<void> {
  const users = new UserRepository(tx);
  // nobody knows this password: the guest account is reachable only through guest login
  await users.create({
    account: GUEST_ACCOUNT,
    passwordHash: await hashPassword(newInviteCode() + newInviteCode()),
    extensionCode: 'GUEST000',
    isVistor: true,
  });
  for (const demo of DEMO_USERS) {
    await users.create({
      account: demo.account,
      email: 'email' in demo ? demo.email : '',
      phone: 'phone' in demo ? demo.phone : '',
      countryCode: '86',
      passwordHash: await hashPassword(demo.password),
      extensionCode: demo.inviteCode,
    });
  }
}
