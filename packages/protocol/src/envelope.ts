import { z } from 'zod';

/**
 * The reply envelope of every `/api` call: HTTP 200 with `{type, message}`.
 * `ok` on success; `error` on a refusal whose message is a catalogue key; `999` when not logged in;
 * `998` identity verification missing; `997` payment methods missing (c2c).
 */
export const REPLY_TYPES = ['ok', 'error', '999', '998', '997'] as const;
export type ReplyType = (typeof REPLY_TYPES)[number];

export interface OkReply<T> {
  type: 'ok';
  message: T;
}
export interface Refusal {
  type: Exclude<ReplyType, 'ok'>;
  message: string;
}
export type Reply<T> = OkReply<T> | Refusal;

export const refusalSchema = z
  .object({
    type: z.enum(['error', '999', '998', '997']),
    message: z.string(),
    request_id: z.string().optional().describe('present on server faults, to quote to support'),
  })
  .describe('A refusal: message is a catalogue key (see /api/docs) to translate with the apitip prefix');

/** The schema of a reply whose success message has the given shape. */
export function replySchema<T extends z.ZodType>(message: T) {
  return z.union([z.object({ type: z.literal('ok'), message }), refusalSchema]);
}

export const NOT_LOGGED_IN = 'please log in';
export const SESSION_EXPIRED = 'login expired, please log in again';
