/**
 * A signed request's admission, carried by the one core command the request makes (a signed
 * order): the key that signed it and the signature. The core records it in the batch that applies
 * the command, in `api_request_nonces` (one row per key and signature), so the request and its
 * effects cost one durable write, and refuses a command whose admission is recorded already.
 */
export interface SignedAdmission {
  keyId: number;
  /** the request's signature, lower-case hex: a copy of the request carries the same one */
  signature: string;
  /** epoch ms after which the signature can no longer pass a receive window (its row may be swept then) */
  expiresAt: number;
  /**
   * made anew by the gateway for each request it checks: a gateway that sends the same command to
   * the core again (its first answer lost) sends the same attempt, where a copy of the request,
   * checked anew, has another one
   */
  attempt: string;
}

/** How an admission is found in the batch's lookup and in memory: its key and signature. */
export const admissionId = (admission: Pick<SignedAdmission, 'keyId' | 'signature'>) => `${admission.keyId} ${admission.signature}`;
