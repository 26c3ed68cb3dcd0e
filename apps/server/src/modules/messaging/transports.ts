import type { Config } from '../../config';
import type { Clock } from '../../lib/time';
import { HttpSms, NoSms } from './http-sms';
import { OutboxMailer, OutboxSms, SmtpMailer, type Mailer, type SmsProvider } from './messenger';
import type { OutboxRepository } from './outbox-repository';

/**
 * How e-mail and SMS leave the platform. The development outbox (which keeps every code readable)
 * stands in only outside production; production never writes to it.
 */
export function messageTransports(
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'SMS_URL' | 'MAIL_FROM'>,
  outbox: OutboxRepository,
  clock: Clock,
): { mailer: Mailer; sms: SmsProvider } {
  const production = config.NODE_ENV === 'production';
  if (production && !config.SMTP_URL) throw new Error('SMTP_URL is required in production');
  const mailer = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(outbox, config.MAIL_FROM, clock);
  const sms = config.SMS_URL ? new HttpSms(config.SMS_URL) : production ? new NoSms() : new OutboxSms(outbox, clock);
  return { mailer, sms };
}
