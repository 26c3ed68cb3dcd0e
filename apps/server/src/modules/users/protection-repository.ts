import type { Queryable } from '../../db/database';

export interface ProtectionRow {
  /** shown at the top of every e-mail the platform sends the user; '' when not set */
  anti_phishing_code: string;
  /** the withdrawal address allow-list, as the user last switched it */
  allow_list_on: boolean;
  /** while on: when a request to turn it off takes effect (it stays on until then) */
  allow_list_off_at: Date | null;
}

const NONE: ProtectionRow = { anti_phishing_code: '', allow_list_on: false, allow_list_off_at: null };

/** What a user set to protect the account: the anti-phishing code and the address allow-list. */
export class ProtectionRepository {
  constructor(private readonly db: Queryable) {}

  async find(userId: number): Promise<ProtectionRow> {
    const rows = await this.db.query<ProtectionRow>('select anti_phishing_code, allow_list_on, allow_list_off_at from user_protection where user_id = $1', [userId]);
    return rows[0] ?? NONE;
  }

  async setAntiPhishingCode(userId: number, code: string): Promise<void> {
    await this.db.query(
      `insert into user_protection (user_id, anti_phishing_code) values ($1, $2)
       on conflict (user_id) do update set anti_phishing_code = excluded.anti_phishing_code`,
      [userId, code],
    );
  }

  /** On at once; a pending request to turn it off is dropped. */
  async turnAllowListOn(userId: number): Promise<void> {
    await this.db.query(
      `insert into user_protection (user_id, allow_list_on) values ($1, true)
       on conflict (user_id) do update set allow_list_on = true, allow_list_off_at = null`,
      [userId],
    );
  }

  /**
   * Asks to turn the allow-list off at `at`. Only the first request of an allow-list that is on sets
   * the time (asking again does not move it); answers when it takes effect, or null when it is off.
   */
  async requestAllowListOff(userId: number, at: Date): Promise<Date | null> {
    const rows = await this.db.query<{ allow_list_off_at: Date }>(
      `update user_protection set allow_list_off_at = coalesce(allow_list_off_at, $2)
        where user_id = $1 and allow_list_on returning allow_list_off_at`,
      [userId, at],
    );
    return rows[0]?.allow_list_off_at ?? null;
  }
}
