import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../lib/time';
import type { OutboxRepository } from './outbox-repository';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
  /** the code the message carries, kept in the development outbox for tests and developers */
  code: string;
}

/** Sends text messages to phones: HttpSms (SMS_URL), or the development outbox outside production. */
export interface SmsProvider {
  send(message: OutgoingMessage): Promise<void>;
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}

/** Mail through nodemailer: SMTP when SMTP_URL is set. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.recipient, subject: message.subject, text: message.body });
  }
}

/**
 * Mail without an SMTP server: nodemailer still builds the message (JSON transport), and the
 * outbox keeps it. Developers read it at /api/dev/outbox.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ jsonTransport: true });
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly from: string,
    private readonly clock: Clock,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.recipient, subject: message.subject, text: message.body });
    await this.outbox.add({ channel: 'email', ...message }, this.clock());
  }
}

export class OutboxSms implements SmsProvider {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.outbox.add({ channel: 'sms', ...message }, this.clock());
  }
}
