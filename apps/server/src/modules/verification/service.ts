import { createHash, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_PATTERN, type Lang } from '@tessera/protocol';
import { refuse } from '../../http/refusal';
import type { Clock } from '../../lib/time';
import type { Mailer, SmsProvider } from '../messaging/messenger';
import { renderCode } from '../messaging/templates';
import type { VerificationCodeRepository } from './repository';
import {
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  MAX_CODES_PER_ADDRESS_PER_HOUR,
  MAX_CODES_PER_IP_PER_HOUR,
  MAX_FAILED_CHECKS,
  type CodePurpose,
} from './policy';

export interface CodeRequest {
  channel: 'email' | 'sms';
  /** e-mail (lower-cased) or phone number, as the account will be named */
  address: string;
  purpose: CodePurpose;
  ip: string;
  lang: Lang;
}

const digest = (address: string, purpose: string, code: string) =>
  createHash('sha256').update(`${address}\n${purpose}\n${code}`).digest('hex');

/**
 * Six-digit, single-use codes that expire. Only their digest is stored. Sending is throttled per
 * address (one a minute, a few an hour) and per client address.
 */
export class VerificationService {
  constructor(
    private readonly codes: VerificationCodeRepository,
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
  ) {}

  async send(request: CodeRequest): Promise<void> {
    const now = this.clock();
    const latest = await this.codes.newest(request.address, request.purpose);
    if (latest && now.getTime() - latest.created_at.getTime() < CODE_RESEND_SECONDS * 1000) {
      refuse('please wait 60 seconds before requesting another code');
    }
    const hourAgo = new Date(now.getTime() - 3_600_000);
    if (
      (await this.codes.countSince('address', request.address, hourAgo)) >= MAX_CODES_PER_ADDRESS_PER_HOUR ||
      (await this.codes.countSince('ip', request.ip, hourAgo)) >= MAX_CODES_PER_IP_PER_HOUR
    ) {
      refuse('too many codes requested, try again later');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.codes.add({
      address: request.address,
      purpose: request.purpose,
      codeHash: digest(request.address, request.purpose, code),
      ip: request.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    });
    const text = renderCode(request.lang, code, CODE_TTL_MINUTES);
    const message = { recipient: request.address, subject: text.subject, body: text.body, code };
    try {
      await (request.channel === 'email' ? this.mailer.send(message) : this.sms.send(message));
    } catch {
      refuse('send failure');
    }
  }

  /** Checks a code without spending it (the first step of the two-step forms). */
  async check(address: string, purpose: CodePurpose, code: string | undefined): Promise<void> {
    await this.verify(address, purpose, code, false);
  }

  /** Checks and spends a code: it never passes again. */
  async consume(address: string, purpose: CodePurpose, code: string | undefined): Promise<void> {
    await this.verify(address, purpose, code, true);
  }

  private async verify(address: string, purpose: CodePurpose, code: string | undefined, spend: boolean): Promise<void> {
    if (!code) refuse('enter the verification code');
    if (!VERIFICATION_CODE_PATTERN.test(code)) refuse('wrong verification code');
    const latest = await this.codes.newest(address, purpose);
    if (!latest || latest.used_at || latest.failed_checks >= MAX_FAILED_CHECKS) refuse('wrong verification code');
    const now = this.clock();
    if (latest.expires_at <= now) refuse('verification code expired');
    // the count is read and raised in the same statement: checks sent together cannot all see
    // the count from before any of them
    const matched = await this.codes.checkOnce({
      id: latest.id,
      codeHash: digest(address, purpose, code),
      spend,
      now,
      maxFailures: MAX_FAILED_CHECKS,
    });
    if (!matched) refuse('wrong verification code');
  }
}
