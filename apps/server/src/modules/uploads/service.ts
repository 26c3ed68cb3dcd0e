import { createHash, randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import type { Turns } from '../../db/turns';
import type { Clock } from '../../lib/time';
import type { UserRepository } from '../users/repository';
import type { FileStore } from './file-store';
import { detectImageType } from './image-type';
import type { UploadRepository } from './repository';

export const UPLOADS_PREFIX = '/uploads';
const UPLOAD_URL = new RegExp(`^(?:https?://[^/]+)?${UPLOADS_PREFIX}/([A-Za-z0-9_-]{43}\\.(?:jpg|png))$`);
/** Uploads deleted per sweep: a backlog drains over several sweeps. */
const SWEEP_BATCH = 500;

/** How much one user may upload (README: UPLOADS_PER_MINUTE and the rest). */
export interface UploadLimits {
  perMinute: number;
  perDay: number;
  /** files and bytes uploaded that nothing references yet */
  pendingFiles: number;
  pendingBytes: number;
  /** an upload nothing references is deleted this long after it was made */
  unusedHours: number;
}

/** The file name a URL of ours names, or undefined. */
export function uploadNameOf(url: string): string | undefined {
  return UPLOAD_URL.exec(url)?.[1];
}

/**
 * What a submission stores for an upload: only `/uploads/<name>`, whatever address the client
 * wrote before it (an old client sends its own origin; a hostile one, any host). Stored that way,
 * the link operators follow always opens this site's file. Empty for a URL that names no upload.
 */
export function storedUploadUrl(url: string | undefined): string {
  const name = uploadNameOf(url ?? '');
  return name ? `${UPLOADS_PREFIX}/${name}` : '';
}

/**
 * Identity photos and deposit proofs: jpg or png by content, at most 4 MB. Each gets a random
 * 256-bit name; the URL is the capability to read it, and only its uploader may attach it to a
 * submission. A user uploads at most so many files a minute and a day, and holds at most so many
 * files and bytes that nothing references; an upload still unreferenced a day later is deleted.
 */
export class UploadService {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly users: UserRepository,
    private readonly store: FileStore,
    private readonly limits: UploadLimits,
    private readonly clock: Clock,
    /** one upload at a time per user, in every process */
    private readonly turns: Turns,
  ) {}

  async storeImage(userId: number, bytes: Buffer): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    if (user.is_vistor) refuse('guest accounts cannot do this');
    if (bytes.length > MAX_UPLOAD_BYTES) refuse('file too big');
    const type = detectImageType(bytes);
    if (!type) refuse('wrong file type');
    // one upload at a time per user: each sees the counts the one before it left
    return this.turns.run(`upload:${userId}`, async () => {
      const now = this.clock();
      const minuteAgo = new Date(now.getTime() - 60_000);
      const dayAgo = new Date(now.getTime() - 86_400_000);
      if (
        (await this.uploads.countSince(userId, minuteAgo)) >= this.limits.perMinute ||
        (await this.uploads.countSince(userId, dayAgo)) >= this.limits.perDay
      ) {
        refuse('too many uploads, try again later');
      }
      const pending = await this.uploads.pendingOf(userId);
      if (pending.files + 1 > this.limits.pendingFiles || pending.bytes + bytes.length > this.limits.pendingBytes) {
        refuse('too many unused uploads');
      }
      const fileName = `${randomBytes(32).toString('base64url')}.${type.extension}`;
      await this.store.put(fileName, bytes);
      await this.uploads.add({
        userId,
        fileName,
        mime: type.mime,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        createdAt: now,
      });
      return `${UPLOADS_PREFIX}/${fileName}`;
    });
  }

  /** True when the URL names a file this user uploaded. */
  async ownedBy(userId: number, url: string): Promise<boolean> {
    const name = uploadNameOf(url);
    if (!name) return false;
    const upload = await this.uploads.findByName(name);
    return upload?.user_id === userId;
  }

  /** Records that a submission now names these uploads of the user: they are kept from now on. */
  async markReferenced(userId: number, urls: string[]): Promise<void> {
    const now = this.clock();
    for (const url of urls) {
      const name = uploadNameOf(url);
      if (name) await this.uploads.markReferenced(userId, name, now);
    }
  }

  /** Deletes the uploads (row and file) nothing referenced within `unusedHours`; answers how many. */
  async sweep(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.limits.unusedHours * 3_600_000);
    let deleted = 0;
    for (;;) {
      const names = await this.uploads.deleteUnreferenced(before, SWEEP_BATCH, now);
      // the row goes first: a file left behind by a failed delete is unreachable, never a dangling row
      for (const name of names) await this.store.remove(name);
      deleted += names.length;
      if (names.length < SWEEP_BATCH) return deleted;
    }
  }
}
