import { createHash, randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@tessera/protocol';
import { refuse } from '../../http/refusal';
import type { UserRepository } from '../users/repository';
import type { FileStore } from './file-store';
import { detectImageType } from './image-type';
import type { UploadRepository } from './repository';

export const UPLOADS_PREFIX = '/uploads';

/**
 * Identity photos: jpg or png by content, at most 4 MB. Each gets a random 256-bit name; the URL
 * is the capability to read it, and only its uploader may attach it to an identity submission.
 */
export class UploadService {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly users: UserRepository,
    private readonly store: FileStore,
  ) {}

  async storeImage(userId: number, bytes: Buffer): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    if (user.is_vistor) refuse('guest accounts cannot do this');
    if (bytes.length > MAX_UPLOAD_BYTES) refuse('file too big');
    const type = detectImageType(bytes);
    if (!type) refuse('wrong file type');
    const fileName = `${randomBytes(32).toString('base64url')}.${type.extension}`;
    await this.store.put(fileName, bytes);
    await this.uploads.add({
      userId,
      fileName,
      mime: type.mime,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    return `${UPLOADS_PREFIX}/${fileName}`;
  }

  /** True when the URL names a file this user uploaded. */
  async ownedBy(userId: number, url: string): Promise<boolean> {
    const match = new RegExp(`^(?:https?://[^/]+)?${UPLOADS_PREFIX}/([A-Za-z0-9_-]{43}\\.(?:jpg|png))$`).exec(url);
    if (!match?.[1]) return false;
    const upload = await this.uploads.findByName(match[1]);
    return upload?.user_id === userId;
  }
}
