import type { Queryable } from '../../db/database';

export interface UploadRow {
  id: number;
  user_id: number;
  file_name: string;
}

export class UploadRepository {
  constructor(private readonly db: Queryable) {}

  async add(input: { userId: number; fileName: string; mime: string; sizeBytes: number; sha256: string }): Promise<void> {
    await this.db.query('insert into uploads (user_id, file_name, mime, size_bytes, sha256) values ($1, $2, $3, $4, $5)', [
      input.userId,
      input.fileName,
      input.mime,
      input.sizeBytes,
      input.sha256,
    ]);
  }

  async findByName(fileName: string): Promise<UploadRow | undefined> {
    const rows = await this.db.query<UploadRow>('select id, user_id, file_name from uploads where file_name = $1', [fileName]);
    return rows[0];
  }
}
