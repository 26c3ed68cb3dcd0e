import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi, type CodePurpose, type CodeTarget } from '../../api';

/**
 * The two steps of the resets (/forgetPwd, /forgetsPwd): step 1 has the server check the code
 * (checked, not spent), step 2 opens once it is accepted and sends the new password with that code.
 * Both screens move between their steps this one way.
 */
export function useVerifyStep(purpose: CodePurpose) {
  const [step, setStep] = useState<1 | 2>(1);
  const verify = useMutation({
    mutationFn: async ({ target, code }: { target: CodeTarget | undefined; code: string }) => {
      if (!target) throw new Error('no code target');
      return accountApi.checkCode(target, purpose, code.trim());
    },
    onSuccess: () => setStep(2),
  });
  return {
    step,
    /** Checks the code sent to `target`; step 2 follows when it is right. */
    verify,
    back: () => setStep(1),
  };
}
