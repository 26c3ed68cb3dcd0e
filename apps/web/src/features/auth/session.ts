import { create } from 'zustand';
import { STORAGE_KEYS, clearKeepingPrefs } from '../../lib/prefs';
import { storage } from '../../app/preferences';

/** What is known about the signed-in user; "signed in" means only that a token is stored. */
export interface Session {
  token: string | null;
  userId: string | null;
  accountNum: string;
  /** The shared demo account (`is_vistor = 1`). */
  isVistor: boolean;
  isSeller: boolean;
  extensionCode: string;
}

export interface SignedIn {
  token: string;
  userId: string;
  accountNum: string;
  isVistor: boolean;
  isSeller: boolean;
  extensionCode: string;
}

function readSession(): Session {
  return {
    token: storage.get(STORAGE_KEYS.token) || null,
    userId: storage.get(STORAGE_KEYS.userId),
    accountNum: storage.get(STORAGE_KEYS.accountNum) ?? '',
    isVistor: storage.get(STORAGE_KEYS.isVistor) === '1',
    isSeller: storage.get(STORAGE_KEYS.isSeller) === '1',
    extensionCode: storage.get(STORAGE_KEYS.extensionCode) ?? '',
  };
}

const EMPTY_SESSION: Session = {
  token: null,
  userId: null,
  accountNum: '',
  isVistor: false,
  isSeller: false,
  extensionCode: '',
};

// Another tab logging in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.accountNum) {
      useSession.setState(readSession());
    }
  });
}

export const useSession = create<Session>()(() => readSession());

export function getToken(): string | null {
  return useSession.getState().token;
}

/** Stores a new session under the keys older clients use too. */
export function saveSession(next: SignedIn): void {
  storage.set(STORAGE_KEYS.token, next.token);
  storage.set(STORAGE_KEYS.userId, next.userId);
  storage.set(STORAGE_KEYS.accountNum, next.accountNum);
  storage.set(STORAGE_KEYS.isVistor, next.isVistor ? '1' : '0');
  storage.set(STORAGE_KEYS.isSeller, next.isSeller ? '1' : '0');
  storage.set(STORAGE_KEYS.extensionCode, next.extensionCode);
  useSession.setState({ ...next });
}

/** Refreshes the stored profile from `user/info`, keeping the token. */
export function saveProfile(profile: Omit<SignedIn, 'token'>): void {
  storage.set(STORAGE_KEYS.userId, profile.userId);
  storage.set(STORAGE_KEYS.accountNum, profile.accountNum);
  storage.set(STORAGE_KEYS.isVistor, profile.isVistor ? '1' : '0');
  storage.set(STORAGE_KEYS.isSeller, profile.isSeller ? '1' : '0');
  storage.set(STORAGE_KEYS.extensionCode, profile.extensionCode);
  useSession.setState({ ...profile });
}

/** Stores only the token (between the login reply and the user-info reply). */
export function saveToken(token: string, isVistor: boolean, accountNum: string): void {
  storage.set(STORAGE_KEYS.token, token);
  storage.set(STORAGE_KEYS.isVistor, isVistor ? '1' : '0');
  storage.set(STORAGE_KEYS.accountNum, accountNum);
  useSession.setState({ token, isVistor, accountNum });
}

/** Ends the session: everything stored goes except the language and the display mode. */
export function clearSession(): void {
  try {
    clearKeepingPrefs(window.localStorage);
  } catch (cause) {
    console.error('[session] cannot clear storage', cause);
  }
  useSession.setState(EMPTY_SESSION);
}

