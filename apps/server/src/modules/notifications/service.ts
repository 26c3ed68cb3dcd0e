import { EventEmitter } from 'node:events';
import { translateMessage, type Lang } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp, type Clock } from '../../lib/time';
import { isNoticeKind, NOTICE_TEXT, type NoticeKind, type NoticeParams } from './kinds';
import type { NotificationRepository, NotificationRow } from './repository';

/** A notification just written, as it is pushed to its owner's sockets. */
export interface NotificationCreated {
  userId: number;
  id: number;
  kind: NoticeKind;
  params: NoticeParams;
  unread: number;
}

/** A notice's text in a language, its `{name}` placeholders filled from its params. */
export function renderNotice(kind: string, params: NoticeParams, lang: Lang): string {
  if (!isNoticeKind(kind)) return kind;
  return translateMessage(NOTICE_TEXT[kind], lang).replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The users' notifications (the account centre's messages): other modules call `notify`; each
 * new one is also told to `created` listeners (the socket gateway pushes it to its owner).
 */
export class NotificationService {
  readonly created = new EventEmitter<{ created: [NotificationCreated] }>();

  /** told about a notice that could not be written (the server's log) */
  private onFault: (error: unknown) => void = () => {};

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly clock: Clock,
  ) {}

  reportFaultsTo(onFault: (error: unknown) => void): void {
    this.onFault = onFault;
  }

  /** Tells a user something. Never throws: a notice that cannot be written is reported, not fatal to its cause. */
  readonly notify = async (userId: number, kind: NoticeKind, params: NoticeParams = {}): Promise<void> => {
    try {
      const id = await this.notifications.insert(userId, kind, params);
      const unread = await this.notifications.unreadCount(userId);
      this.created.emit('created', { userId, id, kind, params, unread });
    } catch (error) {
      this.onFault(error);
    }
  };

  async list(userId: number, lang: Lang, page: PageRequest) {
    const [{ rows, total }, unread] = await Promise.all([
      pageOf(page, (limit, offset) => this.notifications.listOfUser(userId, limit, offset)),
      this.notifications.unreadCount(userId),
    ]);
    return { ...paged(rows.map((row) => view(row, lang)), total, page), unread };
  }

  unread(userId: number): Promise<number> {
    return this.notifications.unreadCount(userId);
  }

  /** Marks one notification read (another user's is answered as missing), or all without an id. */
  async markRead(userId: number, id: number | undefined): Promise<number> {
    const now = this.clock();
    if (id === undefined) await this.notifications.markAllRead(userId, now);
    else if (!(await this.notifications.markRead(userId, id, now))) refuse('notification not found');
    return this.notifications.unreadCount(userId);
  }
}

function view(row: NotificationRow, lang: Lang) {
  return {
    id: Number(row.id),
    kind: row.kind,
    content: renderNotice(row.kind, row.params, lang),
    params: row.params,
    is_read: row.read_at ? (1 as const) : (0 as const),
    created_at: formatTimestamp(row.created_at),
  };
}
