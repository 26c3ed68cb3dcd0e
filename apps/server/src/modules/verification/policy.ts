import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '@tessera/protocol';

export { CODE_RESEND_SECONDS, CODE_TTL_MINUTES };
/** Codes one address may be sent in an hour: enough for mistakes, too few to annoy its owner. */
export const MAX_CODES_PER_ADDRESS_PER_HOUR = 8;
/** Codes one client address may request in an hour, across all recipients. */
export const MAX_CODES_PER_IP_PER_HOUR = 30;
/** Wrong guesses a code survives; then it is spent and a new one must be sent. */
export const MAX_FAILED_CHECKS = 5;

/** A successful check marks the browser session that asked for it for this long, usable once. */
export const MARK_MINUTES = 10;

/** What a code is for: a code sent for one purpose never passes for another. */
export const CODE_PURPOSES = ['register', 'forget', 'forgets', 'bind'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
