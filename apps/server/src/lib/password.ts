import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // a malformed stored hash is a failed check, never a crash
    return false;
  }
}

/** A real argon2id hash of a password nobody has, made once at the first need. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against an account's stored hash, or, when there is no such account, against
 * a decoy hash: both paths cost one argon2 check, so the time of the answer does not tell whether
 * the account exists. No password passes without an account.
 */
export async function verifyPasswordOrDecoy(stored: string | undefined, password: string): Promise<boolean> {
  const right = await verifyPassword(stored ?? (await (decoyHash ??= hashPassword('decoy-password-never-matches'))), password);
  return stored !== undefined && right;
}
