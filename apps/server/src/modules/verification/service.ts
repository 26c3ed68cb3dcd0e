import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_PATTERN, type Lang } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import type { Mailer, SmsProvider } from '../messaging/messenger';
import { renderCode } from '../messaging/templates';
import type { VerificationMarkRepository } from './mark-repository';
import type { VerificationCodeRepository } from './repository';
import {
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  MAX_CODES_PER_ADDRESS_PER_HOUR,
  MAX_CODES_PER_IP_PER_HOUR,
  MARK_MINUTES,
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
  /** the browser's verification session (the cookie's random id), when it has one */
  session?: string;
  /** the anti-phishing code of the existing user the code goes to, shown at the top of the message */
  antiPhishingCode?: string;
}

/** A check of user/check_email or user/check_mobile. */
export interface CodeCheck {
  channel: 'email' | 'sms';
  code: string | undefined;
  /** the address the code went to; absent, the newest code sent under `session` by `channel` */
  address?: string;
  purpose?: CodePurpose;
  session?: string;
}

/** HMAC-SHA256 of address, purpose and code under the row's own random salt, hex. */
const digest = (salt: string, address: string, purpose: string, code: string) =>
  createHmac('sha256', Buffer.from(salt, 'hex')).update(`${address}\n${purpose}\n${code}`).digest('hex');

/** Sessions are kept by the digest of their id, as tokens are. */
const sessionDigest = (session: string) => createHash('sha256').update(session).digest('hex');

/**
 * Six-digit, single-use codes that expire. Only a keyed digest is stored, under a salt of its own
 * row, in every environment. Sending is throttled per address (one a minute, a few an hour) and per
 * client address; a code that could not be sent is forgotten.
 */
export class VerificationService {
  constructor(
    private readonly codes: VerificationCodeRepository,
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly marks: VerificationMarkRepository,
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
    const salt = randomBytes(16).toString('hex');
    const codeId = await this.codes.add({
      address: request.address,
      purpose: request.purpose,
      codeHash: digest(salt, request.address, request.purpose, code),
      codeSalt: salt,
      ip: request.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    });
    const text = renderCode(request.lang, code, CODE_TTL_MINUTES, request.antiPhishingCode);
    const message = { recipient: request.address, subject: text.subject, body: text.body, code };
    try {
      await (request.channel === 'email' ? this.mailer.send(message) : this.sms.send(message));
    } catch {
      await this.codes.remove(codeId);
      refuse('send failure');
    }
    // only a code that went out is recorded under the browser's session
    if (request.session) {
      const { channel, address, purpose } = request;
      await this.marks.recordSent({ sessionHash: sessionDigest(request.session), channel, address, purpose, codeId, at: now });
    }
  }

  /**
   * Checks a code without spending it (the first step of the two-step forms). Without an address
   * the code is the newest one sent under the browser session by that channel. With a session, a
   * pass marks it for the address and purpose: for MARK_MINUTES, a later call may go without the
   * code, once (`consumeOrTakeMark`). Wrong guesses count against the code on either path.
   */
  async check(input: CodeCheck): Promise<void> {
    if (!input.code) refuse('enter the verification code');
    let address = input.address;
    let purpose = input.purpose;
    if (!address) {
      const sent = input.session ? await this.marks.newestSent(sessionDigest(input.session), input.channel, purpose) : undefined;
      if (!sent) refuse('send a verification code first');
      address = sent.address;
      purpose = sent.purpose as CodePurpose;
    }
    const resolvedPurpose = purpose ?? 'register';
    const codeId = await this.verify(address, resolvedPurpose, input.code, false);
    if (!input.session) return;
    const now = this.clock();
    await this.marks.mark({
      sessionHash: sessionDigest(input.session),
      channel: input.channel,
      address,
      purpose: resolvedPurpose,
      codeId,
      at: now,
      until: new Date(now.getTime() + MARK_MINUTES * 60_000),
    });
  }

  /** Checks and spends a code: it never passes again. */
  async consume(address: string, purpose: CodePurpose, code: string | undefined): Promise<void> {
    await this.verify(address, purpose, code, true);
  }

  /**
   * Spends the code when one is given (as `consume`); without one, uses up the session's live mark
   * for this address and purpose, and spends the code the mark stands for.
   */
  async consumeOrTakeMark(address: string, purpose: CodePurpose, code: string | undefined, session: string | undefined): Promise<void> {
    if (code) return this.consume(address, purpose, code);
    if (!session) refuse('enter the verification code');
    const now = this.clock();
    const codeId = await this.marks.take(sessionDigest(session), address, purpose, now);
    if (codeId === undefined) refuse('enter the verification code');
    if (!(await this.codes.markUsed(codeId, now))) refuse('wrong verification code');
  }

  /** Answers the id of the code that passed. */
  private async verify(address: string, purpose: CodePurpose, code: string | undefined, spend: boolean): Promise<number> {
    if (!code) refuse('enter the verification code');
    if (!VERIFICATION_CODE_PATTERN.test(code)) refuse('wrong verification code');
    const latest = await this.codes.newest(address, purpose);
    if (!latest || latest.used_at || latest.failed_checks >= MAX_FAILED_CHECKS) refuse('wrong verification code');
    const now = this.clock();
    if (latest.expires_at <= now) refuse('verification code expired');
    // a row from before salted digests cannot match any code
    if (!latest.code_salt) refuse('wrong verification code');
    // the count is read and raised in the same statement: checks sent together cannot all see
    // the count from before any of them
    const matched = await this.codes.checkOnce({
      id: latest.id,
      codeHash: digest(latest.code_salt, address, purpose, code),
      spend,
      now,
      maxFailures: MAX_FAILED_CHECKS,
    });
    if (!matched) refuse('wrong verification code');
    return latest.id;
  }
}
