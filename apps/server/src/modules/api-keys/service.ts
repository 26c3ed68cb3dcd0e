import { hkdfSync, randomBytes } from 'node:crypto';
import { refuse } from '../../core/refusal';
import { SecretBox } from '../../lib/secret-box';
import { formatTimestamp, type Clock } from '../../lib/time';
import { AddressAllowList } from '../admin/address-allow-list';
import type { ApiKeyRepository } from './repository';
import { API_SCOPES, disablesAt, parseScopes, type ApiScope } from './scopes';

export interface ApiKeyInput {
  label?: string;
  /** comma-separated, or a list */
  scopes?: string | string[];
  /** comma-separated addresses and CIDR ranges */
  ips?: string;
  /** the second factor of the account protection issue, once a user can bind one */
  google_code?: string;
}

/** Live keys one user may hold. */
export const MAX_API_KEYS = 20;
const MAX_ALLOW_LIST = 20;
const MAX_LABEL = 40;
/** How far back the key uses go, as the login history's. */
const USE_HISTORY_DAYS = 90;

/**
 * The key every API secret is sealed with: derived from OPERATOR_SECRET_KEY (HKDF-SHA256, its own
 * label), so production needs no second secret setting and the operators' TOTP secrets and the
 * API secrets never share a key.
 */
export function apiSecretBox(operatorSecretKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(operatorSecretKey, 'hex'), Buffer.alloc(0), 'tessera api key secrets', 32));
  return new SecretBox(key.toString('hex'));
}

/** The context a secret is sealed under: its own key id, so a sealed secret copied to another key does not open. */
export const secretContext = (key: string) => `api-key:${key}`;

/** Asks for the account's authenticator code when one is bound (account protection); passes otherwise. */
export interface SecondFactorCheck {
  require(userId: number, code: string | undefined): Promise<void>;
}

/**
 * API keys of a logged-in user: created with a label, scopes and an optional IP allow-list, the
 * secret shown once and kept only sealed; listed; deleted.
 */
export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    /** a key acts as its user: creating one asks for the authenticator code when one is bound */
    private readonly secondFactor: SecondFactorCheck,
    /** writes the uses this process counted and has not written yet (they are written once a second) */
    private readonly flushUses: () => Promise<void> = async () => {},
  ) {}

  async create(user: { id: number; isVistor: boolean }, input: ApiKeyInput) {
    if (user.isVistor) refuse('guest accounts cannot do this');
    const label = (input.label ?? '').trim();
    if (label === '' || label.length > MAX_LABEL) refuse('enter a label');
    const scopes = scopesOf(input.scopes);
    const ips = allowListText(input.ips);
    if (scopes.includes('withdraw') && ips === '') refuse('withdraw scope needs an ip allow-list');
    await this.secondFactor.require(user.id, input.google_code);
    const key = randomBytes(18).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    const createdAt = this.clock();
    const id = await this.keys.createWithin(MAX_API_KEYS, {
      userId: user.id,
      key,
      label,
      scopes: scopes.join(','),
      ips,
      secretSealed: this.box.seal(secret, secretContext(key)),
      createdAt,
    });
    if (id === null) refuse('too many api keys');
    return { id, key, secret, label, scopes, ips: splitList(ips), create_time: formatTimestamp(createdAt) };
  }

  async list(userId: number) {
    const rows = await this.keys.listOf(userId);
    return rows.map((row) => {
      const disables = disablesAt(row);
      return {
        id: Number(row.id),
        key: row.key,
        label: row.label,
        scopes: parseScopes(row.scopes),
        ips: splitList(row.ips),
        create_time: formatTimestamp(row.created_at),
        last_used_time: row.last_used_at === null ? null : formatTimestamp(row.last_used_at),
        disabled: row.disabled_at !== null || (disables !== null && disables <= this.clock()),
        // the 90-day rule: when this key is disabled if it stays unused (null: the rule does not apply)
        disables_time: disables === null ? null : formatTimestamp(disables),
      };
    });
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.keys.delete(userId, id, this.clock()))) refuse('api key not found');
  }

  /** The uses of the user's keys over the login history's 90 days: each key, address and day once, with its counts. */
  async uses(userId: number) {
    const since = new Date(this.clock().getTime() - USE_HISTORY_DAYS * 86_400_000);
    await this.flushUses();
    const rows = await this.keys.usesOf(userId, since, 500);
    return rows.map((row) => ({
      key_id: Number(row.key_id),
      key: row.key,
      label: row.label,
      ip: row.ip,
      first_time: formatTimestamp(row.first_at),
      last_time: formatTimestamp(row.last_at),
      requests: row.requests,
      refused: row.refused,
    }));
  }
}

/** The scopes asked for; `read` always comes with them (a key that trades must see what it did). Withdraw only when asked. */
function scopesOf(input: string | string[] | undefined): ApiScope[] {
  const asked = (Array.isArray(input) ? input : (input ?? 'read').split(',')).map((scope) => scope.trim()).filter((scope) => scope !== '');
  if (asked.length === 0 || asked.some((scope) => !(API_SCOPES as readonly string[]).includes(scope))) refuse('invalid api key scopes');
  return API_SCOPES.filter((scope) => scope === 'read' || asked.includes(scope));
}

/** The allow-list in a canonical form: its entries checked, trimmed, joined by commas. */
function allowListText(input: string | undefined): string {
  const entries = splitList(input ?? '');
  if (entries.length === 0) return '';
  if (entries.length > MAX_ALLOW_LIST) refuse('invalid ip allow-list');
  try {
    AddressAllowList.parse(entries.join(','));
  } catch {
    refuse('invalid ip allow-list');
  }
  return entries.join(',');
}

function splitList(text: string): string[] {
  return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
}
