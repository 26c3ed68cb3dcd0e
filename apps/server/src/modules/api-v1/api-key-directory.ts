import { createSecretKey, type KeyObject } from 'node:crypto';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/time';
import type { AddressAllowList } from '../admin/address-allow-list';
import type { ApiKeyRepository } from '../api-keys/repository';
import { allowListOf, disablesAt, parseScopes, type ApiScope } from '../api-keys/scopes';
import { secretContext } from '../api-keys/service';

/** A live key as the signed API checks it: its secret opened, its allow-list parsed. */
export interface KnownApiKey {
  id: number;
  userId: number;
  scopes: readonly ApiScope[];
  allowList: AddressAllowList | undefined;
  secret: string;
  /** the secret as a key object, made once: an HMAC under it skips converting the secret for every request */
  hmacKey: KeyObject;
  /** when the 90-day rule disables it (null: the rule does not apply) */
  disablesAt: Date | null;
  disabled: boolean;
  /** the owner's account is locked by an operator */
  ownerLocked: boolean;
}

/** How long a process trusts what it read of a key: a deletion is refused at once anyway, by the admission's conditional write. */
const KEY_CACHE_MS = 5_000;
const MAX_CACHED = 50_000;

/**
 * The keys the signed API has seen, read from the database and kept a few seconds, so a bot's
 * every request does not open the sealed secret again. What must hold at once across processes
 * (a deleted or disabled key is refused) is checked by the signed-request guard's statement, not here.
 */
export class ApiKeyDirectory {
  private readonly cache = new Map<string, { key: KnownApiKey | undefined; until: number }>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  /**
   * What this process read of the key lately, without waiting: `miss` when it must be read
   * (`lookup`). A bot's every request after its first is answered here, with no promise to settle.
   */
  cached(key: string): KnownApiKey | undefined | 'miss' {
    const cached = this.cache.get(key);
    return cached && this.clock().getTime() < cached.until ? cached.key : 'miss';
  }

  async lookup(key: string): Promise<KnownApiKey | undefined> {
    const now = this.clock().getTime();
    const cached = this.cache.get(key);
    if (cached && now < cached.until) return cached.key;
    const row = await this.keys.findLive(key);
    let known: KnownApiKey | undefined;
    if (row) {
      const secret = this.box.open(row.secret_sealed, secretContext(row.key));
      known = {
        id: Number(row.id),
        userId: row.user_id,
        scopes: parseScopes(row.scopes),
        allowList: allowListOf(row.ips),
        secret,
        hmacKey: createSecretKey(Buffer.from(secret, 'utf8')),
        disablesAt: disablesAt(row),
        disabled: row.disabled_at !== null,
        ownerLocked: row.locked || row.is_vistor,
      };
    }
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, { key: known, until: now + KEY_CACHE_MS });
    return known;
  }

  /** Applies the 90-day rule: writes the key disabled once its time has come. */
  async disable(key: string, known: KnownApiKey): Promise<void> {
    known.disabled = true;
    await this.keys.disable(known.id, this.clock());
    this.cache.delete(key);
  }

  forget(key: string): void {
    this.cache.delete(key);
  }
}
