import type { Lang } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import type { ProtectionRepository } from '../users/protection-repository';
import type { UserRepository } from '../users/repository';
import { CODE_PURPOSES, type CodePurpose } from '../verification/policy';
import type { VerificationService } from '../verification/service';
import type { AccountNames } from './account-address';

export interface CodeRequestInput {
  user_string?: string;
  type?: string;
  country_code?: string;
}

/** Reads the `type` of a code request as its purpose; absent means registration. */
export function purposeOf(type: string | undefined): CodePurpose {
  if (!type || type === '1') return 'register';
  if ((CODE_PURPOSES as readonly string[]).includes(type)) return type as CodePurpose;
  refuse('parameter error');
}

/**
 * sms_mail and sms_send: checks that the address fits the purpose (a new account for register,
 * an existing one for resets, a free e-mail for binding), then has the code sent.
 */
export class CodeDispatchService {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: VerificationService,
    private readonly names: AccountNames,
    /** off (PHONE_SIGNUP=off): no text message is sent, for any purpose */
    private readonly textMessages = true,
    /** the anti-phishing codes of existing users, shown in the codes sent to them */
    private readonly protection?: Pick<ProtectionRepository, 'find'>,
  ) {}

  /**
   * `client.session`: the browser's verification session, under which the code is recorded.
   * `callerId`: the logged-in caller, if any. Without `type` such a caller is not registering: the
   * code is for their own account (`forgets`, proving it for the fund password) or, for any other
   * address, for binding it (`bind`).
   */
  async request(channel: 'email' | 'sms', input: CodeRequestInput, client: { ip: string; lang: Lang; session?: string }, callerId?: number): Promise<void> {
    if (channel === 'sms' && !this.textMessages) refuse('text messages are not available');
    if (!input.user_string) refuse(channel === 'email' ? 'enter the e-mail' : 'enter account');
    const asked = purposeOf(input.type);
    const address = await this.names.address(input.user_string, input.country_code);
    if (!address || address.channel !== channel) {
      refuse(channel === 'email' ? 'the e-mail account does not match the rules' : 'the e-mail or phone number does not match the rules');
    }
    const purpose = !input.type && callerId !== undefined ? await this.callerPurpose(callerId, address.address) : asked;
    if (purpose === 'register' && (await this.users.findByAccount(address.address))) refuse('account already exists');
    let antiPhishingCode = '';
    if (purpose === 'forget' || purpose === 'forgets') {
      const user = await this.users.findByAccount(address.address);
      if (!user || user.is_vistor) refuse('user not found');
      antiPhishingCode = (await this.protection?.find(user.id))?.anti_phishing_code ?? '';
    }
    if (purpose === 'bind' && (await this.users.findByEmail(address.address))) refuse('e-mail already bound to another account');
    await this.codes.send({ channel, address: address.address, purpose, ip: client.ip, lang: client.lang, session: client.session, antiPhishingCode });
  }

  private async callerPurpose(callerId: number, address: string): Promise<CodePurpose> {
    const caller = await this.users.findById(callerId);
    return caller && !caller.is_vistor && caller.account === address ? 'forgets' : 'bind';
  }

  /**
   * user/check_email and user/check_mobile: the first step of two-step forms. Old forms send only
   * the code: it is then the newest one sent under the browser's verification session.
   */
  async check(
    channel: 'email' | 'sms',
    input: { user_string?: string; code?: string; type?: string; country_code?: string },
    session: string | undefined,
  ): Promise<void> {
    const purpose = input.type ? purposeOf(input.type) : undefined;
    if (!input.user_string) return this.codes.check({ channel, code: input.code, purpose, session });
    if (!input.code) refuse('enter the verification code');
    const address = await this.names.address(input.user_string, input.country_code);
    if (!address) refuse('the e-mail or phone number does not match the rules');
    await this.codes.check({ channel, code: input.code, address: address.address, purpose: purpose ?? 'register', session });
  }
}
