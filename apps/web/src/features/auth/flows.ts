import { userApi, type LoginResult, type UserInfo } from '../../api';
import { clearSession, saveSession, saveToken, type SignedIn } from './session';

/** What the client keeps of the user's profile. */
export function profileOf(info: UserInfo, fallback: { account: string; isVistor: boolean }): Omit<SignedIn, 'token'> {
  return {
    userId: String(info.id),
    accountNum: info.account || fallback.account,
    isVistor: fallback.isVistor || Number(info.is_vistor) === 1,
    isSeller: Number(info.is_seller) === 1,
    extensionCode: info.extension_code ?? '',
  };
}

/**
 * After a login reply: store the token, read the user's profile and store what the screens need.
 * If the profile cannot be read the half-made session is dropped and the error rethrown.
 */
export async function completeSignIn(result: LoginResult): Promise<void> {
  saveToken(result.token, result.isVistor, result.account);
  try {
    const info = await userApi.info();
    saveSession({ token: result.token, ...profileOf(info, result) });
  } catch (cause) {
    clearSession();
    throw cause;
  }
}

/** Revokes the token on the server (failure ignored), then forgets the session locally. */
export async function signOut(): Promise<void> {
  try {
    await userApi.logout({ quietSession: true, signal: AbortSignal.timeout(4000) });
  } catch {
    // The token is dropped here whatever the server says.
  }
  clearSession();
}
