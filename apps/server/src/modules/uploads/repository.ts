import type { Queryable } from '../../db/database';

export interface UploadRow {
  id: number;
  user_id: number;
  file_name: string;
}

/** Where a stored upload's URL ends: what identity submissions and deposit proofs name it by. */
const NAMED_BY = (column: string) => `right(${column}, length(u.file_name) + 9) = '/uploads/' || u.file_name`;
/** True when an identity submission or a deposit request names the upload `u`. */
const IS_NAMED = `(exists (select 1 from identity_submissions s
                    where ${NAMED_BY('s.front_pic')} or ${NAMED_BY('s.reverse_pic')} or ${NAMED_BY('s.hand_pic')})
               or exists (select 1 from deposit_requests d where ${NAMED_BY('d.proof_url')}))`;

export class UploadRepository {
  constructor(private readonly db: Queryable) {}

  async add(input: { userId: number; fileName: string; mime: string; sizeBytes: number; sha256: string; createdAt: Date }): Promise<void> {
    await this.db.query(
      'insert into uploads (user_id, file_name, mime, size_bytes, sha256, created_at) values ($1, $2, $3, $4, $5, $6)',
      [input.userId, input.fileName, input.mime, input.sizeBytes, input.sha256, input.createdAt],
    );
  }

  async findByName(fileName: string): Promise<UploadRow | undefined> {
    const rows = await this.db.query<UploadRow>('select id, user_id, file_name from uploads where file_name = $1', [fileName]);
    return rows[0];
  }

  /** How many uploads a user made since a time, referenced or not. */
  async countSince(userId: number, since: Date): Promise<number> {
    const rows = await this.db.query<{ n: number }>('select count(*)::int as n from uploads where user_id = $1 and created_at > $2', [
      userId,
      since,
    ]);
    return rows[0]?.n ?? 0;
  }

  /** The files and bytes a user uploaded that nothing references yet. */
  async pendingOf(userId: number): Promise<{ files: number; bytes: number }> {
    const rows = await this.db.query<{ files: number; bytes: string }>(
      `select count(*)::int as files, coalesce(sum(size_bytes), 0)::text as bytes
         from uploads where user_id = $1 and referenced_at is null`,
      [userId],
    );
    return { files: rows[0]?.files ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
  }

  /** Marks a user's upload as referenced (kept); one already marked keeps its first time. */
  async markReferenced(userId: number, fileName: string, at: Date): Promise<void> {
    await this.db.query('update uploads set referenced_at = $3 where user_id = $1 and file_name = $2 and referenced_at is null', [
      userId,
      fileName,
      at,
    ]);
  }

  /**
   * Deletes up to `limit` uploads made before `before` that nothing references, answering their
   * file names. An upload an identity submission or deposit names is kept, and marked, even if
   * the mark was never written.
   */
  async deleteUnreferenced(before: Date, limit: number, now: Date): Promise<string[]> {
    await this.db.query(`update uploads u set referenced_at = $2 where u.referenced_at is null and u.created_at < $1 and ${IS_NAMED}`, [
      before,
      now,
    ]);
    const rows = await this.db.query<{ file_name: string }>(
      `delete from uploads u
        where u.id in (select id from uploads where referenced_at is null and created_at < $1 order by created_at limit $2)
          and u.referenced_at is null and not ${IS_NAMED}
        returning u.file_name`,
      [before, limit],
    );
    return rows.map((row) => row.file_name);
  }
}
