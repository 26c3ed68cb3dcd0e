import type { Refusal } from '../refusal';

/**
 * A signed request's admission, carried by the one core command the request makes (a signed
 * order): the key that signed it and the signature. The core records it in the batch that applies
 * the command, in `api_request_nonces` (one row per timestamp, key and signature), so the request and its
 * effects cost one durable write, and refuses a command whose admission is recorded already.
 */
export interface SignedAdmission {
  keyId: number;
  /** the request's signature, lower-case hex: a copy of the request carries the same one */
  signature: string;
  /** the request's signed timestamp (epoch ms): a copy of the request carries the same one */
  sentAt: number;
  /** epoch ms after which the signature can no longer pass a receive window (its row may be swept then) */
  expiresAt: number;
  /**
   * made anew by the gateway for each request it checks: a gateway that sends the same command to
   * the core again (its first answer lost) sends the same attempt, where a copy of the request,
   * checked anew, has another one
   */
  attempt: string;
}

/** What the core answers for a signed command it does not admit: a copy, a key gone, too late (the gateway answers 401). */
export const ADMISSION_REFUSALS: ReadonlySet<Refusal['key']> = new Set<Refusal['key']>(['request replayed', 'invalid api key', 'timestamp outside the receive window']);

/** How an admission is found in the batch's lookup and in memory: its key and signature. */
export const admissionId = (admission: Pick<SignedAdmission, 'keyId' | 'signature'>) => `${admission.keyId} ${admission.signature}`;

/** The longest receive window a signed request may name: its timestamp at most this far from the clock that checks it. */
export const LONGEST_RECEIVE_WINDOW_MS = 60_000;

/**
 * How far past the moment it is written an admission's expiry may lie: its timestamp up to a
 * window ahead of the clock that checked it, its expiry a window and a second after that, and 5 s
 * for clocks of different processes. The core refuses an admission that lies further ahead.
 */
export const LONGEST_ADMISSION_LIFE_MS = 2 * LONGEST_RECEIVE_WINDOW_MS + 1_000 + 5_000;
