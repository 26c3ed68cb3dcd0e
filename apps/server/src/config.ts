import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { developmentDepositKeys } from './modules/deposits/chain';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The operator account of a development install; refused in production. */
export const DEV_ADMIN = { email: 'admin@tessera.example', password: 'admin-dev-password' } as const;

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/**
 * Every setting the server reads, with its default. The README's configuration table mirrors this
 * list; keep them together.
 */
const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  DEMO_DATA: flag.default(true),
  // USDT for the guest and demo accounts (modules/demo); default: on in development with DEMO_DATA
  DEMO_FUNDS: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(168),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  TRUST_PROXY: flag.default(false),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SUPPORT_URL: z.string().default('mailto:support@tessera.example'),
  APP_DOWNLOAD_URL: z.string().default('https://tessera.example/app'),
  MARKET_MAKERS: flag.default(true),
  MARKET_MAKER_SEED: z.coerce.number().int().default(20261122),
  MARKET_MAKER_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tessera <no-reply@tessera.example>'),
  ADMIN_EMAIL: z.string().email().default(DEV_ADMIN.email),
  ADMIN_PASSWORD: z.string().min(10).optional(),
  // the dialling code of a phone number sent without one (docs/accounts.md)
  DEFAULT_DIALLING_CODE: z.string().regex(/^[1-9]\d{0,2}$/, 'a dialling code: 1 to 3 digits, no + or leading 0').default('86'),
  // per user: uploads a minute and a day, and what may wait unreferenced (docs/accounts.md "Uploads")
  UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  UPLOADS_PER_DAY: z.coerce.number().int().positive().default(100),
  UPLOAD_PENDING_FILES: z.coerce.number().int().positive().default(20),
  UPLOAD_PENDING_BYTES: z.coerce.number().int().positive().default(41_943_040),
  UPLOAD_UNUSED_HOURS: z.coerce.number().int().positive().default(24),
  // account-level extended PUBLIC keys deposit addresses derive from (docs/wallets.md)
  DEPOSIT_XPUB_BTC: z.string().optional(),
  DEPOSIT_XPUB_ETH: z.string().optional(),
  DEPOSIT_XPUB_TRON: z.string().optional(),
});

export type Config = Omit<z.infer<typeof environment>, 'ADMIN_PASSWORD' | 'DEMO_FUNDS'> & {
  ADMIN_PASSWORD: string;
  DEMO_FUNDS: boolean;
  assetsDir: string;
  uploadsDir: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const settings = parsed.data;
  if (settings.NODE_ENV === 'production' && (!settings.ADMIN_PASSWORD || settings.ADMIN_PASSWORD === DEV_ADMIN.password)) {
    throw new Error('invalid configuration:\n  ADMIN_PASSWORD: set a strong operator password in production');
  }
  const xpubs = [settings.DEPOSIT_XPUB_BTC, settings.DEPOSIT_XPUB_ETH, settings.DEPOSIT_XPUB_TRON];
  if (settings.NODE_ENV === 'production' && xpubs.some((key) => !key)) {
    // the development keys come from a public mnemonic: anyone could take deposits sent to them
    throw new Error('invalid configuration:\n  DEPOSIT_XPUB_BTC, DEPOSIT_XPUB_ETH, DEPOSIT_XPUB_TRON: set the operator’s keys in production');
  }
  if (settings.NODE_ENV === 'production' && Object.values(developmentDepositKeys()).some((key) => xpubs.includes(key))) {
    throw new Error('invalid configuration:\n  DEPOSIT_XPUB_*: the development keys come from a public mnemonic, not for production');
  }
  return {
    ...settings,
    ADMIN_PASSWORD: settings.ADMIN_PASSWORD ?? DEV_ADMIN.password,
    DEMO_FUNDS: settings.DEMO_FUNDS ?? (settings.DEMO_DATA && settings.NODE_ENV === 'development'),
    assetsDir: path.join(repoRoot, 'apps/server/assets'),
    uploadsDir: path.join(settings.DATA_DIR, 'uploads'),
  };
}
