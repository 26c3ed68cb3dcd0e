import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AddressAllowList } from './modules/admin/address-allow-list';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { assertProductionSafe } from './production-safety';
import { parseIndexSources, PRODUCTION_INDEX_SOURCES, SIMULATOR_SOURCE } from './modules/index-prices/settings';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The operator account of a development install; refused in production. */
export const DEV_ADMIN = { email: 'admin@tessera.example', password: 'admin-dev-password' } as const;

/** The key operators' TOTP secrets are encrypted with outside production: public, so refused there. */
export const DEV_OPERATOR_SECRET_KEY = '746573736572612d646576656c6f706d656e742d6f70657261746f722d6b6579';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** A plain positive decimal (limits, fees): parsed exactly where it is used. */
const decimal = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal number such as 1000 or 2.5');

/** An ERC-20 contract address, or "off". */
const contract = z.union([z.literal('off'), z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'a contract address: 0x and 40 hexadecimal digits')]);

/**
 * Every setting the server reads, with its default. The README's configuration table mirrors this
 * list; keep them together.
 */
const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // default: 127.0.0.1 outside production (the development routes must not face a network), 0.0.0.0 in production
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  // default: on outside production, off in production (where on refuses to start)
  DEMO_DATA: flag.optional(),
  // USDT for the guest and demo accounts (modules/demo); default: on in development with DEMO_DATA
  DEMO_FUNDS: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(168),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  // trading bots (issue 28): requests a minute each API key may make to /api/v1 (public calls: each address)
  API_V1_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** a request body not complete this long after its headers is cut (408): a stalled upload holds nothing */
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((raw, context): TrustProxy => {
      const parsed = parseTrustProxy(raw);
      if ('kind' in parsed) return parsed;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  // the API reference at /api/docs; default: on outside production, off in production
  API_DOCS: flag.optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  // the built back office, served at /admin/
  ADMIN_DIST: z.string().default(path.join(repoRoot, 'apps/admin/dist')),
  SUPPORT_URL: z.string().default('mailto:support@tessera.example'),
  APP_DOWNLOAD_URL: z.string().default('https://tessera.example/app'),
  // default: on outside production, off in production (where on needs MARKET_MAKER_ACCOUNTS)
  MARKET_MAKERS: flag.optional(),
  // accounts (e-mail or phone, as they log in) the makers trade from, funded by the operator: never minted
  MARKET_MAKER_ACCOUNTS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((entry) => entry.trim()).filter((entry) => entry.length > 0)),
  MARKET_MAKER_SEED: z.coerce.number().int().default(20261122),
  MARKET_MAKER_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  SMTP_URL: z.string().optional(),
  // the SMS gateway: POST {to, text} as JSON (docs/operations.md); unset outside production: the development outbox
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  // off: phone numbers can neither register nor be sent codes (e-mail accounts only)
  PHONE_SIGNUP: flag.default(true),
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
  // card payments: the gateway the payment form posts to, and the key it signs with (HMAC-SHA256);
  // both or neither. Unset outside production: the development gateway with a key of the process.
  PAYMENT_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_GATEWAY_KEY: z.string().min(32, 'at least 32 characters (openssl rand -hex 32)').optional(),
  // where the gateway calls back and sends the payer afterwards; default: this server as the request reached it
  PAYMENT_NOTIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_RETURN_URL: z.url({ protocol: /^https?$/ }).optional(),
  // operators: AES-256-GCM key of the stored TOTP secrets (64 hex digits); required in production
  OPERATOR_SECRET_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal digits (openssl rand -hex 32)').optional(),
  // browser origins (scheme://host[:port]) allowed to open sockets besides the server's own host, comma-separated
  SOCKET_ORIGINS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((origin) => origin.trim()).filter((origin) => origin !== ''))
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((origin) => new URL(origin).origin))),
  // account protection (issue 27): how long a new withdrawal address, and turning the allow-list off,
  // waits; and the web app's address, for the lock link of security messages (unset outside
  // production: this server on HOST and PORT; unset in production: the messages carry the code alone)
  WITHDRAW_ADDRESS_WAIT_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
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
  // index prices (issue 23, decision 0013): each pair's sources (modules/index-prices/settings.ts) and
  // how many fresh ones an index needs; defaults: the simulator and 1 outside production,
  // binance,okx,coinbase,kraken and 2 in production (where the simulator, or fewer than 2, refuses to start)
  INDEX_SOURCES: z
    .string()
    .optional()
    .superRefine((text, context) => {
      if (text === undefined) return;
      try {
        parseIndexSources(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  INDEX_MIN_SOURCES: z.coerce.number().int().min(1).max(20).optional(),
  // chain watchers (issue 29, docs/chains.md): unset, a network is followed by nobody (development
  // reports deposits through POST /api/dev/chain/deposit, production through operators)
  ETH_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ETH_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(6),
  // the ERC-20 contracts credited as USDT and USDC; default: Ethereum mainnet's; "off": not followed
  ETH_USDT_CONTRACT: contract.default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  ETH_USDC_CONTRACT: contract.default('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
  // where a watcher without a cursor starts; default: the block confirmed when it first runs
  ETH_WATCH_START_BLOCK: z.coerce.number().int().min(0).optional(),
  // Bitcoin over the Esplora HTTP API (mempool.space, blockstream.info or a self-hosted electrs), e.g. https://host/api
  BTC_ESPLORA_URL: z.url({ protocol: /^https?$/ }).optional(),
  BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(6),
  BTC_WATCH_START_BLOCK: z.coerce.number().int().min(0).optional(),
  // TRON over the TronGrid-compatible full-node HTTP API; TRC-20 USDT's contract; the API key TronGrid asks for
  TRON_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRON_API_KEY: z.string().optional(),
  TRON_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(6),
  TRON_USDT_CONTRACT: z.string().regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'a TRON address (T…)').default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  TRON_WATCH_START_BLOCK: z.coerce.number().int().min(0).optional(),
  // blocks read per step, and the wait between steps once caught up
  CHAIN_BATCH_BLOCKS: z.coerce.number().int().min(1).max(2000).default(50),
  CHAIN_POLL_MS: z.coerce.number().int().min(100).default(5000),
  // processes (issue 30, docs/deployment.md): `core` is the single writer with the makers, watchers
  // and deadlines, `gateway` serves HTTP and sockets; unset, one process does everything. Every
  // process of a deployment names the same NATS server (commands and durable events) and Redis
  // (rate limits and sockets across gateways)
  ROLE: z.enum(['all', 'core', 'gateway']).default('all'),
  NATS_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  // the deployment's name: prefixes its NATS subjects and Redis keys, so deployments can share servers
  CLUSTER_NAME: z.string().regex(/^[a-z0-9-]{1,40}$/).default('tessera'),
  // how long a gateway keeps sending a command the core does not answer before it answers 503
  COMMAND_PATIENCE_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  // the hot wallet (ETH and ERC-20 withdrawals): its private key; with it and ETH_RPC_URL the
  // sender follows what it sent, and sends approved withdrawals itself only when HOT_WALLET_AUTO_SEND is on
  HOT_WALLET_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, '0x and 64 hexadecimal digits').optional(),
  HOT_WALLET_AUTO_SEND: flag.default(false),
  // above this USDT value a withdrawal is sent by an operator; and the hot wallet's USDT value a day (Asia/Shanghai)
  HOT_WALLET_MAX_WITHDRAWAL_USDT: decimal.default('1000'),
  HOT_WALLET_DAY_LIMIT_USDT: decimal.default('10000'),
  // gas: the fee per gas never offered above, the tip, and when a transaction not mined is replaced
  HOT_WALLET_MAX_FEE_GWEI: decimal.default('100'),
  HOT_WALLET_PRIORITY_FEE_GWEI: decimal.default('1'),
  HOT_WALLET_STUCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
});

type Settings = z.infer<typeof environment>;
type Defaulted = 'HOST' | 'ADMIN_PASSWORD' | 'OPERATOR_SECRET_KEY' | 'DEMO_DATA' | 'DEMO_FUNDS' | 'API_DOCS' | 'MARKET_MAKERS' | 'INDEX_SOURCES' | 'INDEX_MIN_SOURCES';

export type Config = Omit<Settings, Defaulted> & {
  HOST: string;
  ADMIN_PASSWORD: string;
  DEMO_DATA: boolean;
  DEMO_FUNDS: boolean;
  OPERATOR_SECRET_KEY: string;
  API_DOCS: boolean;
  MARKET_MAKERS: boolean;
  INDEX_SOURCES: string;
  INDEX_MIN_SOURCES: number;
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
  const production = settings.NODE_ENV === 'production';
  if (production) assertProductionSafe(settings, { adminPassword: DEV_ADMIN.password, operatorSecretKey: DEV_OPERATOR_SECRET_KEY });
  if (settings.HOT_WALLET_AUTO_SEND && !(settings.HOT_WALLET_KEY && settings.ETH_RPC_URL)) {
    throw new Error('invalid configuration:\n  HOT_WALLET_AUTO_SEND: automatic sending needs HOT_WALLET_KEY and ETH_RPC_URL');
  }
  const demoData = settings.DEMO_DATA ?? !production;
  return {
    ...settings,
    HOST: settings.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    ADMIN_PASSWORD: settings.ADMIN_PASSWORD ?? DEV_ADMIN.password,
    OPERATOR_SECRET_KEY: settings.OPERATOR_SECRET_KEY ?? DEV_OPERATOR_SECRET_KEY,
    DEMO_DATA: demoData,
    DEMO_FUNDS: settings.DEMO_FUNDS ?? (demoData && settings.NODE_ENV === 'development'),
    API_DOCS: settings.API_DOCS ?? !production,
    MARKET_MAKERS: settings.MARKET_MAKERS ?? !production,
    INDEX_SOURCES: settings.INDEX_SOURCES ?? (production ? PRODUCTION_INDEX_SOURCES : SIMULATOR_SOURCE),
    INDEX_MIN_SOURCES: settings.INDEX_MIN_SOURCES ?? (production ? 2 : 1),
    assetsDir: path.join(repoRoot, 'apps/server/assets'),
    uploadsDir: path.join(settings.DATA_DIR, 'uploads'),
  };
}
