import type { Queryable } from '../../db/database';

export interface CodeRow {
  id: number;
  code_hash: string;
  code_salt: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  failed_checks: number;
}

export class VerificationCodeRepository {
  constructor(private readonly db: Queryable) {}

  /** Stores a code's keyed digest and salt (never the code); answers the row id. */
  async add(input: { address: string; purpose: string; codeHash: string; codeSalt: string; ip: string; createdAt: Date; expiresAt: Date }): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `insert into verification_codes (address, purpose, code_hash, code_salt, ip, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [input.address, input.purpose, input.codeHash, input.codeSalt, input.ip, input.createdAt, input.expiresAt],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('verification code not stored');
    return id;
  }

  /** Forgets a code that never reached its recipient. */
  async remove(id: number): Promise<void> {
    await this.db.query('delete from verification_codes where id = $1', [id]);
  }

  async newest(address: string, purpose: string): Promise<CodeRow | undefined> {
    const rows = await this.db.query<CodeRow>(
      `select id, code_hash, code_salt, created_at, expires_at, used_at, failed_checks from verification_codes
        where address = $1 and purpose = $2 order by created_at desc, id desc limit 1`,
      [address, purpose],
    );
    return rows[0];
  }

  /** Spends a code a session's mark stands for: it passes once, however many marks name it. */
  async markUsed(id: number, at: Date): Promise<boolean> {
    const rows = await this.db.query('update verification_codes set used_at = $2 where id = $1 and used_at is null returning id', [
      id,
      at,
    ]);
    return rows.length > 0;
  }

  async countSince(column: 'address' | 'ip', value: string, since: Date): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `select count(*)::int as n from verification_codes where ${column} = $1 and created_at > $2`,
      [value, since],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * One check of a code, counted in a single statement: a wrong guess adds a failure, the right code
   * is spent when `spend` is set. The row lock orders checks sent in parallel, and each re-reads
   * the count the one before it left, so a code is checked at most `maxFailures` times wrongly and
   * passes at most once when spent. Answers whether the code matched; `undefined` when the code was
   * not checked at all (used, expired or out of guesses by then).
   */
  async checkOnce(input: { id: number; codeHash: string; spend: boolean; now: Date; maxFailures: number }): Promise<boolean | undefined> {
    const rows = await this.db.query<{ matched: boolean }>(
      `update verification_codes
          set failed_checks = failed_checks + case when code_hash = $2 then 0 else 1 end,
              used_at = case when $3 and code_hash = $2 then $4 else used_at end
        where id = $1 and used_at is null and expires_at > $4 and failed_checks < $5
        returning code_hash = $2 as matched`,
      [input.id, input.codeHash, input.spend, input.now, input.maxFailures],
    );
    return rows[0]?.matched;
  }
}
