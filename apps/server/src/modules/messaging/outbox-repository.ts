import type { Queryable } from '../../db/database';

export interface OutboxRow {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  code: string;
  created_at: Date;
}

/** The development outbox: what would have been sent, kept for developers and tests to read. */
export class OutboxRepository {
  constructor(private readonly db: Queryable) {}

  async add(message: Omit<OutboxRow, 'created_at'>, at: Date): Promise<void> {
    await this.db.query(
      'insert into dev_outbox (channel, recipient, subject, body, code, created_at) values ($1, $2, $3, $4, $5, $6)',
      [message.channel, message.recipient, message.subject, message.body, message.code, at],
    );
  }

  /** Empties the outbox: production keeps no readable code. */
  async clear(): Promise<void> {
    await this.db.query('delete from dev_outbox');
  }

  listFor(recipient: string, limit = 50): Promise<OutboxRow[]> {
    return this.db.query<OutboxRow>(
      `select channel, recipient, subject, body, code, created_at from dev_outbox
        where recipient = $1 order by id desc limit $2`,
      [recipient.toLowerCase(), limit],
    );
  }
}
