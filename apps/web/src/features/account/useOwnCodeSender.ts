import type { CodePurpose, CodeTarget, UserInfo } from '../../api';
import { useCodeSender } from '../auth';
import { ownCodeTarget } from './common';

/**
 * Sends codes of one purpose to the signed-in user's own account, as the resets of /resetPwd and
 * /forgetsPwd do. `target` is undefined when the account is neither an e-mail nor a phone number:
 * then nothing can be sent and the send button stays off.
 */
export function useOwnCodeSender(user: UserInfo, purpose: CodePurpose) {
  const sender = useCodeSender(purpose);
  const target: CodeTarget | undefined = ownCodeTarget(user);
  return {
    target,
    sending: sender.sending,
    remaining: sender.remaining,
    send: () => target && sender.send(target),
  };
}
