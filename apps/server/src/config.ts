import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { developmentDepositKeys } from './modules/deposits/chain';
import { AddressAllowList } from './modules/admin/address-allow-list';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The operator account of a development install; refused in production. */
export const DEV_ADMIN = { email: 'admin@tessera.example', password: 'admin-dev-password' } as const;

/** The key operators' TOTP secrets are encrypted with outside production: public, so refused there. */
export const DEV_OPERATOR_SECRET_KEY = '746573736572612d646576656c6f706d656e742d6f70657261746f722d6b6579';

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
  // account-level extended PUBLIC keys deposit addresses derive from (docs/wallets.md)
  DEPOSIT_XPUB_BTC: z.string().optional(),
  DEPOSIT_XPUB_ETH: z.string().optional(),
  DEPOSIT_XPUB_TRON: z.string().optional(),
  // operators: AES-256-GCM key of the stored TOTP secrets (64 hex digits); required in production
  OPERATOR_SECRET_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal digits (openssl rand -hex 32)').optional(),
  // operators: addresses and CIDR ranges allowed to reach /admin/api, comma-separated; unset: any
  ADMIN_ALLOWED_IPS: z
    .string()
    .optional()
    .superRefine((list, context) => {
      if (list === undefined) return;
      try {
        AddressAllowList.parse(list);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
});

export type Config = Omit<z.infer<typeof environment>, 'ADMIN_PASSWORD' | 'DEMO_FUNDS' | 'OPERATOR_SECRET_KEY'> & {
  ADMIN_PASSWORD: string;
  DEMO_FUNDS: boolean;
  OPERATOR_SECRET_KEY: string;
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
  if (
    settings.NODE_ENV === 'production' &&
    (!settings.OPERATOR_SECRET_KEY || settings.OPERATOR_SECRET_KEY.toLowerCase() === DEV_OPERATOR_SECRET_KEY)
  ) {
    // the development key is in this source file: secrets sealed with it are as good as plain
    throw new Error('invalid configuration:\n  OPERATOR_SECRET_KEY: set a key of your own in production (openssl rand -hex 32)');
  }
  return {
    ...settings,
    ADMIN_PASSWORD: settings.ADMIN_PASSWORD ?? DEV_ADMIN.password,
    OPERATOR_SECRET_KEY: settings.OPERATOR_SECRET_KEY ?? DEV_OPERATOR_SECRET_KEY,
    DEMO_FUNDS: settings.DEMO_FUNDS ?? (settings.DEMO_DATA && settings.NODE_ENV === 'development'),
    assetsDir: path.join(repoRoot, 'apps/server/assets'),
    uploadsDir: path.join(settings.DATA_DIR, 'uploads'),
  };
}
