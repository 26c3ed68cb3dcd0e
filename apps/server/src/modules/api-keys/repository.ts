import type { Queryable } from '../../db/database';

export interface ApiKeyRow {
  id: string;
  user_id: number;
  key: string;
  label: string;
  scopes: string;
  ips: string;
  secret_sealed: string;
  created_at: Date;
  last_used_at: Date | null;
  disabled_at: Date | null;
}

/** A live key with what the signed API checks of its owner. */
export interface ApiKeyOwnerRow extends ApiKeyRow {
  is_vistor: boolean;
  locked: boolean;
}

export interface ApiKeyUseRow {
  key_id: string;
  label: string;
  key: string;
  ip: string;
  first_at: Date;
  last_at: Date;
  requests: number;
  refused: number;
}

export interface NewApiKey {
  userId: number;
  key: string;
  label: string;
  scopes: string;
  ips: string;
  secretSealed: string;
  createdAt: Date;
}

const COLUMNS = 'k.id::text, k.user_id, k.key, k.label, k.scopes, k.ips, k.secret_sealed, k.created_at, k.last_used_at, k.disabled_at';

/** API keys and their uses. The signed API's admissions write `api_request_nonces` and `api_key_uses` (signed-request-guard.ts). */
export class ApiKeyRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Inserts the key only while the user holds fewer than `max` live keys: one conditional
   * statement, so two creations at once cannot both pass the count. Null when the user is at `max`.
   */
  async createWithin(max: number, row: NewApiKey): Promise<number | null> {
    const [created] = await this.db.query<{ id: string }>(
      `insert into api_keys (user_id, key, label, scopes, ips, secret_sealed, created_at)
       select $1, $2, $3, $4, $5, $6, $7
        where (select count(*) from api_keys where user_id = $1 and deleted_at is null) < $8
       returning id::text`,
      [row.userId, row.key, row.label, row.scopes, row.ips, row.secretSealed, row.createdAt, max],
    );
    return created === undefined ? null : Number(created.id);
  }

  async listOf(userId: number): Promise<ApiKeyRow[]> {
    return this.db.query<ApiKeyRow>(`select ${COLUMNS} from api_keys k where k.user_id = $1 and k.deleted_at is null order by k.id desc`, [userId]);
  }

  /** Marks the user's key deleted; false when the user has no such live key. */
  async delete(userId: number, id: number, at: Date): Promise<boolean> {
    const rows = await this.db.query('update api_keys set deleted_at = $3 where id = $1 and user_id = $2 and deleted_at is null returning id', [id, userId, at]);
    return rows.length > 0;
  }

  async findLive(key: string): Promise<ApiKeyOwnerRow | undefined> {
    const [row] = await this.db.query<ApiKeyOwnerRow>(
      `select ${COLUMNS}, u.is_vistor, (u.locked_until is not null and u.locked_until > now()) as locked
         from api_keys k join users u on u.id = k.user_id
        where k.key = $1 and k.deleted_at is null`,
      [key],
    );
    return row;
  }

  async disable(id: number, at: Date): Promise<void> {
    await this.db.query('update api_keys set disabled_at = $2 where id = $1 and disabled_at is null', [id, at]);
  }

  /** The uses of the user's keys (deleted ones too) since `since`, newest first. */
  async usesOf(userId: number, since: Date, limit: number): Promise<ApiKeyUseRow[]> {
    return this.db.query<ApiKeyUseRow>(
      `select u.key_id::text, k.label, k.key, u.ip, u.first_at, u.last_at, u.requests, u.refused
         from api_key_uses u join api_keys k on k.id = u.key_id
        where k.user_id = $1 and u.last_at >= $2
        order by u.last_at desc limit $3`,
      [userId, since, limit],
    );
  }
}
