import type { Queryable } from '../../db/database';

export interface CodeRow {
  id: number;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  failed_checks: number;
}

export class VerificationCodeRepository {
  constructor(private readonly db: Queryable) {}

  /** Stores a code; answers its id. */
  async add(input: { address: string; purpose: string; codeHash: string; ip: string; createdAt: Date; expiresAt: Date }): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `insert into verification_codes (address, purpose, code_hash, ip, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [input.address, input.purpose, input.codeHash, input.ip, input.createdAt, input.expiresAt],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('verification code not stored');
    return id;
  }

  async newest(address: string, purpose: string): Promise<CodeRow | undefined> {
    const rows = await this.db.query<CodeRow>(
      `select id, code_hash, created_at, expires_at, used_at, failed_checks from verification_codes
        where address = $1 and purpose = $2 order by created_at desc, id desc limit 1`,
      [address, purpose],
    );
    return rows[0];
  }

  async countSince(column: 'address' | 'ip', value: string, since: Date): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `select count(*)::int as n from verification_codes where ${column} = $1 and created_at > $2`,
      [value, since],
    );
    return rows[0]?.n ?? 0;
  }

  async markUsed(id: number, at: Date): Promise<boolean> {
    const rows = await this.db.query('update verification_codes set used_at = $2 where id = $1 and used_at is null returning id', [
      id,
      at,
    ]);
    return rows.length > 0;
  }

  async countFailure(id: number): Promise<void> {
    await this.db.query('update verification_codes set failed_checks = failed_checks + 1 where id = $1', [id]);
  }
}
