import { randomBytes } from 'node:crypto';
import { connect, headers, type NatsConnection } from 'nats';
import { isRequestKey } from '../core/command-key';
import type { Core } from '../core/core';
import type { CommandResult } from '../core/kind';
import type { CoreCommand } from '../core/kinds';
import { CoreUnreachable, Refusal } from '../core/refusal';
import { decode, encode } from './codec';

/** Subjects of a deployment (CLUSTER_NAME): commands to the core, its durable events, its liveness. */
export function subjects(cluster: string) {
  return {
    commands: `${cluster}.core.commands`,
    ping: `${cluster}.core.ping`,
    /** `<cluster>.events.<event>`, one per core event (core/events.ts), published once it is durable */
    events: `${cluster}.events`,
  };
}

/** How long a gateway keeps retrying one command before answering 503 (COMMAND_PATIENCE_MS). */
export const COMMAND_PATIENCE_MS = 15_000;
/** A command can wait behind a full queue: an attempt gives up after a third of the patience, at most this long. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/** The header naming one remote call: every retry of it carries the same name. */
export const CALL_HEADER = 'Tessera-Call';
/** A gateway's copy lags the core by at most about this much plus one reload. */
const REFRESH_EVERY_MS = 50;

type Reply = { ok: true; result: CommandResult } | { ok: false; refusal: string; replyType: Refusal['replyType'] };

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
}

/**
 * The core's side: answers commands (one queue group, so a second core process would share them,
 * though the database admits one writer) and publishes every durable event on its subject.
 */
export function serveCore(nc: NatsConnection, core: Core, cluster: string): () => void {
  const SUBJECTS = subjects(cluster);
  const commands = nc.subscribe(SUBJECTS.commands, {
    queue: 'core',
    callback: (error, message) => {
      if (error) return;
      const command = decode<CoreCommand>(message.data);
      // a retry of the same call gets its first copy's answer (Core.execute)
      core.execute(command, message.headers?.get(CALL_HEADER) || undefined).then(
        (result) => message.respond(encode({ ok: true, result } satisfies Reply)),
        (failure: unknown) => {
          // a fault is told as `please retry`: the command's key makes the retry safe
          const refusal = failure instanceof Refusal ? failure : new Refusal('please retry');
          message.respond(encode({ ok: false, refusal: refusal.key, replyType: refusal.replyType } satisfies Reply));
        },
      );
    },
  });
  const ping = nc.subscribe(SUBJECTS.ping, { callback: (_error, message) => message.respond(encode({ state: core.state })) });
  // every event the core emits is durable already (it emits after the batch write)
  const emitter = core.events as unknown as { emit: (event: string, ...args: unknown[]) => boolean };
  const emit = emitter.emit.bind(emitter);
  emitter.emit = (event, ...args) => {
    nc.publish(`${SUBJECTS.events}.${event}`, encode(args));
    return emit(event, ...args);
  };
  return () => {
    commands.unsubscribe();
    ping.unsubscribe();
    emitter.emit = emit;
  };
}

/**
 * A gateway's way to the core: each command is a NATS request, retried with the same idempotency
 * key and the same call name until `patienceMs` has passed; then the gateway answers 503. The core
 * applies a key once: a retry is answered the first copy's result while the core's window of
 * recent keys holds it, and `applied: false, duplicate: true` after (a core restarted meanwhile).
 * The attempts of a request with an Idempotency-Key share one call name whichever gateway they
 * come through, so a client's retry on another gateway is answered the same way.
 */
export function remoteCore(nc: NatsConnection, cluster: string, patienceMs = COMMAND_PATIENCE_MS): (command: CoreCommand) => Promise<CommandResult> {
  const SUBJECTS = subjects(cluster);
  return async (command) => {
    const giveUpAt = Date.now() + patienceMs;
    const attemptMs = Math.min(ATTEMPT_TIMEOUT_MS, Math.ceil(patienceMs / 3));
    // every attempt of a request with an Idempotency-Key, through any gateway, is one call: its key names it
    const call = headers();
    call.set(CALL_HEADER, isRequestKey(command.key) ? command.key : randomBytes(12).toString('base64url'));
    for (;;) {
      try {
        const answer = await nc.request(SUBJECTS.commands, encode(command), { timeout: Math.min(attemptMs, Math.max(1, giveUpAt - Date.now())), headers: call });
        const reply = decode<Reply>(answer.data);
        if (reply.ok) return reply.result;
        throw new Refusal(reply.refusal as Refusal['key'], reply.replyType);
      } catch (error) {
        if (error instanceof Refusal) throw error;
        // no core answering, a timeout, a reconnect: the same command again, until patience runs out
        if (nc.isClosed() || Date.now() >= giveUpAt) throw new CoreUnreachable();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
}

/**
 * A gateway follows the core: after every durable batch it reloads its read copy (coalescing a
 * burst into one reload), and after NATS reconnects it reloads too, so what it missed meanwhile is
 * caught up from the database. `reach` is what readiness reports.
 */
export function followCore(nc: NatsConnection, replica: Core, cluster: string, onFault: (error: unknown) => void): { reach: () => 'running' | 'unreachable'; stop: () => void } {
  const SUBJECTS = subjects(cluster);
  let reach: 'running' | 'unreachable' = 'running';
  // a burst of batches makes one reload, at most every REFRESH_EVERY_MS
  let pending: NodeJS.Timeout | undefined;
  const refreshSoon = () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      void replica.refresh().catch(onFault);
    }, REFRESH_EVERY_MS);
  };
  const events = nc.subscribe(`${SUBJECTS.events}.>`, { callback: refreshSoon });
  const probe = async () => {
    try {
      await nc.request(SUBJECTS.ping, encode({}), { timeout: 1_000 });
      if (reach === 'unreachable') await replica.refresh();
      reach = 'running';
    } catch {
      reach = 'unreachable';
    }
  };
  const timer = setInterval(() => void probe().catch(onFault), 1_000);
  timer.unref();
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'reconnect') void replica.refresh().catch(onFault);
  })();
  return {
    reach: () => reach,
    stop: () => {
      clearInterval(timer);
      clearTimeout(pending);
      events.unsubscribe();
    },
  };
}
