import { DEFAULT_LANG, type Lang } from '@tessera/protocol';
import { formatTimestamp, type Clock } from '../../lib/time';
import { deviceOf } from '../../lib/user-agent';
import type { Mailer, SmsProvider } from '../messaging/messenger';
import { renderSecurityMessage, type SecurityEvent } from '../messaging/security-templates';
import { LOCK_PAGE_PATH, type AccountLockService } from './account-lock-service';
import type { ProtectionRepository } from './protection-repository';
import type { UserRepository } from './repository';

/** Where and how the change was made: the request's language, client address and user agent. */
export interface NoticeClient {
  lang?: Lang;
  ip?: string;
  userAgent?: string;
}

/** Sends one security message; never throws (a message that could not go out must not undo the change). */
export type SecurityNotify = (userId: number, event: SecurityEvent, client: NoticeClient, detail?: string) => Promise<void>;

/**
 * Security messages to an account's owner: a login from a new device or address, a password,
 * fund-password, authenticator or e-mail change, a withdrawal request, the allow-list switched.
 * They go by e-mail to the bound e-mail, else by SMS to the phone of an account that has only a
 * phone. Each carries the user's anti-phishing code (when set) and a fresh lock code, with a link
 * to the lock page when the site's address is known (SITE_URL).
 */
export class SecurityNotices {
  private onFault: (error: unknown) => void = () => {};

  constructor(
    private readonly users: UserRepository,
    private readonly protection: ProtectionRepository,
    private readonly locks: AccountLockService,
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    /** the web app's address (`https://exchange.example`), for the lock link; undefined: the code alone */
    private readonly siteUrl: string | undefined,
  ) {}

  reportFaultsTo(onFault: (error: unknown) => void): void {
    this.onFault = onFault;
  }

  readonly notify: SecurityNotify = async (userId, event, client, detail) => {
    try {
      await this.send(userId, event, client, detail);
    } catch (error) {
      this.onFault(error);
    }
  };

  private async send(userId: number, event: SecurityEvent, client: NoticeClient, detail: string | undefined): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || user.is_vistor || user.kind !== 'user') return;
    // a newly bound e-mail is the change being reported: its owner hears of it on the phone they had
    const channel = event === 'email_bound' && user.phone ? 'sms' : user.email ? 'email' : user.phone ? 'sms' : undefined;
    if (!channel) return;
    const [protection, lockCode] = await Promise.all([this.protection.find(userId), this.locks.issue(userId)]);
    const text = renderSecurityMessage(client.lang ?? DEFAULT_LANG, {
      event,
      antiPhishingCode: protection.anti_phishing_code,
      detail,
      time: formatTimestamp(this.clock()),
      ip: client.ip ?? '',
      device: deviceOf(client.userAgent ?? ''),
      lockCode,
      lockPath: LOCK_PAGE_PATH,
      ...(this.siteUrl ? { lockLink: `${this.siteUrl.replace(/\/+$/, '')}${LOCK_PAGE_PATH}?code=${lockCode}` } : {}),
    });
    const message = { recipient: channel === 'email' ? user.email : user.phone, subject: text.subject, body: text.body, code: lockCode };
    await (channel === 'email' ? this.mailer.send(message) : this.sms.send(message));
  }
}
