import { parameterMessage, type MessageKey, type ParameterMessageKey, type ReplyType } from '@tessera/protocol';

/**
 * A business refusal: thrown by the core and by services, turned by the HTTP error handler into HTTP 200 with
 * `{type, message}`. The message is a catalogue key (or `account locked, <time>`).
 */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey | `account locked, ${string}` | `${ParameterMessageKey}: ${string}`,
    readonly replyType: Exclude<ReplyType, 'ok'> = 'error',
  ) {
    super(key);
    this.name = 'Refusal';
  }
}

export function refuse(key: MessageKey): never {
  throw new Refusal(key);
}

/** Refuses with a key that names a figure: `lots below the minimum: 1`. */
export function refuseWith(key: ParameterMessageKey, value: string): never {
  throw new Refusal(parameterMessage(key, value));
}

/** A gateway's command that could not reach the core (over NATS): answered 503, `please retry`. */
export class CoreUnreachable extends Refusal {
  constructor() {
    super('please retry');
    this.name = 'CoreUnreachable';
  }
}
