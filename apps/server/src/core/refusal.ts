import type { MessageKey, ReplyType } from '@tessera/protocol';

/**
 * A business refusal: thrown by the core and the services when a request breaks a rule, before
 * anything changes. The message is a catalogue key (or `account locked, <time>`). It lives with
 * the core, which knows nothing of transports; the HTTP error handler turns it into HTTP 200 with
 * `{type, message}`.
 */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey | `account locked, ${string}`,
    readonly replyType: Exclude<ReplyType, 'ok'> = 'error',
  ) {
    super(key);
    this.name = 'Refusal';
  }
}

export function refuse(key: MessageKey): never {
  throw new Refusal(key);
}
