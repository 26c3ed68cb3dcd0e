import { isDevelopmentDepositKey } from './modules/deposits/chain';
import { parseIndexSources, SIMULATOR_SOURCE, sourceNames } from './modules/index-prices/settings';

/** The operators' password rule (the back office's new operators, and ADMIN_PASSWORD in production). */
export const OPERATOR_PASSWORD = { min: 12, max: 128, distinct: 5 } as const;

/** True when a password meets the operators' rule: 12 to 128 characters, not a few repeated ones. */
export function isStrongOperatorPassword(password: string): boolean {
  const length = [...password].length;
  return length >= OPERATOR_PASSWORD.min && length <= OPERATOR_PASSWORD.max && new Set(password).size >= OPERATOR_PASSWORD.distinct;
}

/**
 * True when 64 hexadecimal digits look made by a person rather than drawn at random: fewer than
 * 10 different digits, or fewer than 12 different bytes (a random key has about 30 of its 32 bytes
 * different; an all-zero key, a repeated word or a short pattern has a handful).
 */
export function isLowEntropyKey(hex: string): boolean {
  const digits = new Set(hex.toLowerCase()).size;
  const bytes = new Set(hex.toLowerCase().match(/../g) ?? []).size;
  return digits < 10 || bytes < 12;
}

/** The settings production is judged on, as the operator wrote them (unset stays undefined). */
export interface ProductionSettings {
  ADMIN_PASSWORD?: string | undefined;
  OPERATOR_SECRET_KEY?: string | undefined;
  DEPOSIT_XPUB_BTC?: string | undefined;
  DEPOSIT_XPUB_ETH?: string | undefined;
  DEPOSIT_XPUB_TRON?: string | undefined;
  DEMO_DATA?: boolean | undefined;
  DEMO_FUNDS?: boolean | undefined;
  MARKET_MAKERS?: boolean | undefined;
  MARKET_MAKER_ACCOUNTS: string[];
  SMTP_URL?: string | undefined;
  SMS_URL?: string | undefined;
  PHONE_SIGNUP: boolean;
  PAYMENT_GATEWAY_URL?: string | undefined;
  PAYMENT_GATEWAY_KEY?: string | undefined;
  PAYMENT_NOTIFY_URL?: string | undefined;
  PAYMENT_RETURN_URL?: string | undefined;
  SITE_URL?: string | undefined;
  INDEX_SOURCES?: string | undefined;
  INDEX_MIN_SOURCES?: number | undefined;
  HOT_WALLET_AUTO_SEND?: boolean | undefined;
  HOT_WALLET_KEY?: string | undefined;
  ETH_RPC_URL?: string | undefined;
}

/** The values a development install uses where nothing is set: public, so refused in production. */
export interface DevelopmentDefaults {
  adminPassword: string;
  operatorSecretKey: string;
}

/**
 * Every convenience that would be a hole with real users and real money, as one list of problems
 * (empty: safe to start). A production server refuses to start while the list is not empty, so a
 * setting a deployment forgets closes a door rather than opening one.
 */
export function productionProblems(settings: ProductionSettings, development: DevelopmentDefaults): string[] {
  const problems: string[] = [];
  if (!settings.ADMIN_PASSWORD || settings.ADMIN_PASSWORD === development.adminPassword) {
    problems.push('ADMIN_PASSWORD: set a strong operator password in production');
  } else if (!isStrongOperatorPassword(settings.ADMIN_PASSWORD)) {
    problems.push(`ADMIN_PASSWORD: the operators' password rule: ${OPERATOR_PASSWORD.min} to ${OPERATOR_PASSWORD.max} characters, at least ${OPERATOR_PASSWORD.distinct} different`);
  }
  if (!settings.OPERATOR_SECRET_KEY || settings.OPERATOR_SECRET_KEY.toLowerCase() === development.operatorSecretKey) {
    // the development key is in the source: TOTP secrets sealed with it are as good as plain
    problems.push('OPERATOR_SECRET_KEY: set a key of your own in production (openssl rand -hex 32)');
  } else if (isLowEntropyKey(settings.OPERATOR_SECRET_KEY)) {
    problems.push('OPERATOR_SECRET_KEY: this key was not drawn at random (too few different digits); make one with openssl rand -hex 32');
  }
  const xpubs = [settings.DEPOSIT_XPUB_BTC, settings.DEPOSIT_XPUB_ETH, settings.DEPOSIT_XPUB_TRON];
  if (xpubs.some((key) => !key)) {
    // the development keys come from a public mnemonic: anyone could take deposits sent to them
    problems.push('DEPOSIT_XPUB_BTC, DEPOSIT_XPUB_ETH, DEPOSIT_XPUB_TRON: set the operator’s keys in production');
  }
  // compared by key material, so the same key written with other version bytes is caught too
  if (xpubs.some((key) => key !== undefined && isDevelopmentDepositKey(key))) {
    problems.push('DEPOSIT_XPUB_*: the development keys come from a public mnemonic, not for production');
  }
  if (settings.DEMO_DATA) problems.push('DEMO_DATA: demo accounts, articles and guest login are for development; set DEMO_DATA=off');
  if (settings.DEMO_FUNDS) problems.push('DEMO_FUNDS: demo funds are granted from nothing; set DEMO_FUNDS=off');
  if (settings.MARKET_MAKERS && settings.MARKET_MAKER_ACCOUNTS.length === 0) {
    problems.push('MARKET_MAKERS: the simulator’s own makers are funded from nothing; name operator-funded accounts in MARKET_MAKER_ACCOUNTS or set MARKET_MAKERS=off');
  }
  if (!settings.SMTP_URL) problems.push('SMTP_URL: set the mail server; without it codes would only reach the development outbox');
  if (!settings.SMS_URL && settings.PHONE_SIGNUP) {
    problems.push('SMS_URL: set the SMS gateway, or PHONE_SIGNUP=off to accept e-mail accounts only');
  }
  if ((settings.PAYMENT_GATEWAY_URL === undefined) !== (settings.PAYMENT_GATEWAY_KEY === undefined)) {
    problems.push('PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_KEY: set both (card payments) or neither (no card payments)');
  }
  // the payment form signs its callback and return addresses: they come from the settings, never
  // from a request's Host header, so production names them (or the public origin) itself
  if (settings.PAYMENT_GATEWAY_URL !== undefined && !((settings.PAYMENT_NOTIFY_URL ?? settings.SITE_URL) && (settings.PAYMENT_RETURN_URL ?? settings.SITE_URL))) {
    problems.push('PAYMENT_NOTIFY_URL and PAYMENT_RETURN_URL (or SITE_URL): set the addresses the gateway calls back and returns to');
  }
  // index prices (issue 23): prices that settle money come from real markets, never one alone
  if (settings.INDEX_SOURCES !== undefined && sourceNames(parseIndexSources(settings.INDEX_SOURCES)).has(SIMULATOR_SOURCE)) {
    problems.push('INDEX_SOURCES: the simulator’s prices are made up; name real exchanges (binance,okx,coinbase,kraken)');
  }
  if (settings.INDEX_MIN_SOURCES !== undefined && settings.INDEX_MIN_SOURCES < 2) {
    problems.push('INDEX_MIN_SOURCES: one source alone could move the index that settles positions; set 2 or more');
  }
  // the hot wallet (issue 29): sending by itself needs the key it signs with and the node it sends to
  if (settings.HOT_WALLET_AUTO_SEND && !settings.HOT_WALLET_KEY) {
    problems.push('HOT_WALLET_AUTO_SEND: automatic sending is on without HOT_WALLET_KEY; set the key or HOT_WALLET_AUTO_SEND=off');
  }
  if (settings.HOT_WALLET_AUTO_SEND && !settings.ETH_RPC_URL) problems.push('HOT_WALLET_AUTO_SEND: automatic sending needs ETH_RPC_URL');
  return problems;
}

/** Throws one error naming every problem of a production configuration. */
export function assertProductionSafe(settings: ProductionSettings, development: DevelopmentDefaults): void {
  const problems = productionProblems(settings, development);
  if (problems.length > 0) throw new Error(`invalid configuration for production:\n  ${problems.join('\n  ')}`);
}
