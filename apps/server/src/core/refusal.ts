import type { MessageKey, ReplyType } from '@tessera/protocol';

/**
 * A business refusal: thrown by the core and by services, turned by the HTTP error handler into HTTP 200 with
 * `{type, message}`. The message is a catalogue key (or `account locked, <time>`).
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
