/** What the sign-in feature offers other features: the session, the user's data, the verification-code forms and error text. */
export { AuthCard, FormAlert, Steps } from './AuthCard';
export { CodeField } from './CodeField';
export { EmailField } from './EmailField';
export { FormActions } from './FormActions';
export { NewPasswordFields } from './NewPasswordFields';
export { errorText } from './errors';
export { signOut } from './flows';
export { GoogleCodeField } from './GoogleCodeField';
export { useAuthenticatorBound, useUserCenter, useUserInfo } from './queries';
export { useSession } from './session';
export { useCodeSender } from './useCodeSender';
export { useSecondFactor, type SecondFactorInput } from './useSecondFactor';
export { useSessionRefresh } from './useSessionRefresh';
export { useVerifyStep } from './useVerifyStep';
