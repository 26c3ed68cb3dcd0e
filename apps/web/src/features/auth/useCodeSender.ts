import { useMutation } from '@tanstack/react-query';
import { CODE_RESEND_SECONDS } from '@tessera/protocol';
import { useTranslation } from 'react-i18next';
import { accountApi, type CodePurpose, type CodeTarget } from '../../api';
import { currentLang } from '../../app/preferences';
import { showToast } from '../../components/toast-store';
import { maskAccount } from '../../lib/mask';
import { isolateLtr } from '../../lib/format';
import { errorText } from './errors';
import { useCountdown } from './useCountdown';

/**
 * Sends verification codes of one purpose and runs the 60-second countdown of the send button.
 * A refusal is shown in a toast; the countdown starts only when the server accepted.
 */
export function useCodeSender(purpose: CodePurpose) {
  const { t } = useTranslation();
  const countdown = useCountdown(CODE_RESEND_SECONDS);
  const mutation = useMutation({
    mutationFn: (target: CodeTarget) => accountApi.sendCode(target, purpose, currentLang),
    onSuccess: (_reply, target) => {
      countdown.start();
      showToast(t('form.codeSent', { address: isolateLtr(maskAccount(target.address)) }), 'success');
    },
    onError: (error) => showToast(errorText(error), 'error', 4000),
  });
  return {
    send: (target: CodeTarget) => mutation.mutate(target),
    sending: mutation.isPending,
    remaining: countdown.remaining,
  };
}
