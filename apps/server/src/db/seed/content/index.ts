/** Seed content of a fresh install: plain data for the seeder. */
export * from './types';
export { NEWS_CATEGORIES, SEED_ARTICLES } from './news';
export { SEED_CURRENCIES } from './currencies';
export { SEED_FIAT_CURRENCIES } from './fiat';
export { SEED_COUNTRIES } from './countries';
