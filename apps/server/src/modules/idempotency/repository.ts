import type { Queryable } from '../../db/database';

export interface KeyedRequest {
  requestHash: string;
  reply: { status: number; body: string } | null;
  createdAt: Date;
}

/** How long a key answers its first reply; after it, the same key starts a new request. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** The first replies of requests that carried an Idempotency-Key (`idempotency_requests`). */
export class IdempotencyRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims the key for this request: a new row, or one older than the window taken over. Answers
   * the row as it stands: this request's own (`claimed`) or the first request's.
   */
  async claim(caller: string, key: string, requestHash: string): Promise<KeyedRequest & { claimed: boolean }> {
    const [claimed] = await this.db.query<{ created_at: Date }>(
      `insert into idempotency_requests (caller, idempotency_key, request_hash) values ($1, $2, $3)
       on conflict (caller, idempotency_key) do update
         set request_hash = excluded.request_hash, reply = null, created_at = now()
         where idempotency_requests.created_at < now() - make_interval(hours => $4)
       returning created_at`,
      [caller, key, requestHash, IDEMPOTENCY_WINDOW_HOURS],
    );
    if (claimed) return { requestHash, reply: null, createdAt: new Date(claimed.created_at), claimed: true };
    const [first] = await this.db.query<{ request_hash: string; reply: string | null; reply_status: number | null; created_at: Date }>(
      'select request_hash, reply, reply_status, created_at from idempotency_requests where caller = $1 and idempotency_key = $2',
      [caller, key],
    );
    if (!first) throw new Error('idempotency key vanished while claimed');
    const reply = first.reply === null ? null : { status: first.reply_status ?? 200, body: first.reply };
    return { requestHash: first.request_hash, reply, createdAt: new Date(first.created_at), claimed: false };
  }

  /** Keeps the first final reply; a reply kept already stays. */
  async keepReply(caller: string, key: string, reply: { status: number; body: string }): Promise<void> {
    await this.db.query(
      'update idempotency_requests set reply = $3, reply_status = $4 where caller = $1 and idempotency_key = $2 and reply is null',
      [caller, key, reply.body, reply.status],
    );
  }
}
