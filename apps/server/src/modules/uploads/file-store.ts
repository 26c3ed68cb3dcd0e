import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. A local folder now; an S3-compatible store can stand in later. */
export interface FileStore {
  put(fileName: string, bytes: Buffer): Promise<void>;
  /** Deletes a file; a file already gone is not an error. */
  remove(fileName: string): Promise<void>;
}

export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  async put(fileName: string, bytes: Buffer): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await writeFile(path.join(this.root, fileName), bytes, { flag: 'wx' });
  }

  async remove(fileName: string): Promise<void> {
    await rm(path.join(this.root, path.basename(fileName)), { force: true });
  }
}
