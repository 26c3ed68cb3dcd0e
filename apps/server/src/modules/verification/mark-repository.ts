import type { Queryable } from '../../db/database';

export interface SentUnderSession {
  address: string;
  purpose: string;
}

/**
 * Codes sent under a browser session (the verification cookie), and the marks a successful check
 * leaves on them. Rows are keyed by the digest of the cookie's id.
 */
export class VerificationMarkRepository {
  constructor(private readonly db: Queryable) {}

  async recordSent(input: { sessionHash: string; channel: 'email' | 'sms'; address: string; purpose: string; codeId: number; at: Date }) {
    await this.db.query(
      `insert into verification_marks (session_hash, channel, address, purpose, code_id, created_at) values ($1, $2, $3, $4, $5, $6)`,
      [input.sessionHash, input.channel, input.address, input.purpose, input.codeId, input.at],
    );
  }

  /** The newest code this session had sent by `channel` (for `purpose`, when given). */
  async newestSent(sessionHash: string, channel: 'email' | 'sms', purpose: string | undefined): Promise<SentUnderSession | undefined> {
    const rows = await this.db.query<SentUnderSession>(
      `select address, purpose from verification_marks
        where session_hash = $1 and channel = $2 and ($3::text is null or purpose = $3)
        order by created_at desc, id desc limit 1`,
      [sessionHash, channel, purpose ?? null],
    );
    return rows[0];
  }

  /** Marks the session as having proved `address` for `purpose` with the code `codeId`, until `until`. */
  async mark(input: { sessionHash: string; channel: 'email' | 'sms'; address: string; purpose: string; codeId: number; at: Date; until: Date }) {
    const updated = await this.db.query(
      `update verification_marks set marked_until = $5, code_id = $4
        where id = (select id from verification_marks
                     where session_hash = $1 and address = $2 and purpose = $3 and used_at is null
                     order by created_at desc, id desc limit 1)
        returning id`,
      [input.sessionHash, input.address, input.purpose, input.codeId, input.until],
    );
    if (updated.length > 0) return;
    await this.db.query(
      `insert into verification_marks (session_hash, channel, address, purpose, code_id, created_at, marked_until)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [input.sessionHash, input.channel, input.address, input.purpose, input.codeId, input.at, input.until],
    );
  }

  /** Uses up a live mark of the session for `address` and `purpose`: the code it stands for, or undefined. */
  async take(sessionHash: string, address: string, purpose: string, now: Date): Promise<number | undefined> {
    const rows = await this.db.query<{ code_id: number }>(
      `update verification_marks set used_at = $4
        where id = (select id from verification_marks
                     where session_hash = $1 and address = $2 and purpose = $3 and used_at is null and marked_until > $4
                     order by marked_until desc, id desc limit 1)
          and used_at is null
        returning code_id`,
      [sessionHash, address, purpose, now],
    );
    return rows[0]?.code_id;
  }
}
