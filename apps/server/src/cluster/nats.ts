import { randomBytes } from 'node:crypto';
import { connect, createInbox, type Msg, type NatsConnection } from 'nats';
import { isRequestKey } from '../core/command-key';
import type { Core } from '../core/core';
import type { CommandResult } from '../core/kind';
import type { CoreCommand } from '../core/kinds';
import { CoreUnreachable, Refusal } from '../core/refusal';
import type { ReplicatedBatch } from '../core/replicated-batch';
import { decode, encode } from './codec';
import { ReplicaFollower } from './follower';

/** Subjects of a deployment (CLUSTER_NAME): commands to the core, its durable batches, its liveness. */
export function subjects(cluster: string) {
  return {
    commands: `${cluster}.core.commands`,
    ping: `${cluster}.core.ping`,
    /** every durable batch of the core, numbered, with its commands (`ReplicatedBatch`): the gateways' copies replay them */
    batches: `${cluster}.core.batches`,
  };
}

/** How long a gateway keeps retrying one command before answering 503 (COMMAND_PATIENCE_MS). */
export const COMMAND_PATIENCE_MS = 15_000;
/** A command can wait behind a full queue: an attempt gives up after a third of the patience, at most this long. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/** How often a gateway asks whether the core answers (and which batch it wrote last). */
const PROBE_EVERY_MS = 1_000;
/** What a gateway sends the core: a command, and the name of the remote call it belongs to (every retry of the call carries the same name). */
export interface CommandRequest {
  call: string;
  command: CoreCommand;
}

type Reply = { ok: true; result: CommandResult } | { ok: false; refusal: string; replyType: Refusal['replyType'] };
type Ping = { state: Core['state']; sequence: number };

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  // no stack captured for every request's sake: a failed request here is retried or told as 503, never thrown to a reader
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 250, noAsyncTraces: true });
}

/**
 * The core's side: answers commands (one queue group, so a second core process would share them,
 * though the database admits one writer) and publishes every durable batch, before its callers
 * are answered: on a gateway's connection the batch arrives before the answer, so the gateway's
 * copy shows a write to the caller who made it.
 */
export function serveCore(nc: NatsConnection, core: Core, cluster: string): () => void {
  const SUBJECTS = subjects(cluster);
  const commands = nc.subscribe(SUBJECTS.commands, {
    queue: 'core',
    callback: (error, message) => {
      if (error) return;
      const { call, command } = decode<CommandRequest>(message.data);
      // a retry of the same call gets its first copy's answer (Core.execute)
      core.execute(command, call).then(
        (result) => message.respond(encode({ ok: true, result } satisfies Reply)),
        (failure: unknown) => {
          // a fault is told as `please retry`: the command's key makes the retry safe
          const refusal = failure instanceof Refusal ? failure : new Refusal('please retry');
          message.respond(encode({ ok: false, refusal: refusal.key, replyType: refusal.replyType } satisfies Reply));
        },
      );
    },
  });
  const ping = nc.subscribe(SUBJECTS.ping, { callback: (_error, message) => message.respond(encode({ state: core.state, sequence: core.sequence } satisfies Ping)) });
  // a batch too large for NATS fails here: the core reports it, and each copy reloads at the gap
  core.replicate((batch) => nc.publish(SUBJECTS.batches, encode(batch)));
  return () => {
    commands.unsubscribe();
    ping.unsubscribe();
    core.replicate(() => {});
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
  const replies = new ReplyInbox(nc);
  return async (command) => {
    const giveUpAt = Date.now() + patienceMs;
    const attemptMs = Math.min(ATTEMPT_TIMEOUT_MS, Math.ceil(patienceMs / 3));
    // every attempt of a request with an Idempotency-Key, through any gateway, is one call: its key names it
    const request = encode({ call: isRequestKey(command.key) ? command.key : replies.newCallName(), command } satisfies CommandRequest);
    for (;;) {
      const answer = await replies.request(SUBJECTS.commands, request, Math.min(attemptMs, Math.max(1, giveUpAt - Date.now())));
      if (answer !== undefined) {
        const reply = decode<Reply>(answer);
        if (reply.ok) return reply.result;
        throw new Refusal(reply.refusal as Refusal['key'], reply.replyType);
      }
      // no core answering, a timeout, a reconnect: the same command again, until patience runs out
      if (nc.isClosed() || Date.now() >= giveUpAt) throw new CoreUnreachable();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/**
 * Requests over one subscription of the gateway's own (`<inbox>.<n>`), answered by the replies
 * that arrive there: the client's own request() costs each call an inbox token, two error objects
 * with their stack traces and a timer of its own: about a tenth of a gateway's CPU under load.
 */
class ReplyInbox {
  private readonly prefix = createInbox();
  /** names this process's calls: unique across gateways by the random part, cheap by the counter */
  private readonly callPrefix = randomBytes(9).toString('base64url');
  private next = 0;
  private readonly waiting = new Map<string, (answer: Uint8Array | undefined) => void>();
  /** requests of this turn of the event loop, published together at its end: one write for all */
  private outgoing: { subject: string; data: Uint8Array; token: string }[] = [];

  constructor(private readonly nc: NatsConnection) {
    nc.subscribe(`${this.prefix}.*`, { callback: (error, message) => (error ? undefined : this.answered(message)) });
  }

  newCallName(): string {
    return `${this.callPrefix}-${(this.next += 1).toString(36)}`;
  }

  /** The reply's data; undefined when none came in time, no core listens, or the connection failed. */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array | undefined> {
    const token = (this.next += 1).toString(36);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(undefined), timeoutMs);
      const settle = (answer: Uint8Array | undefined) => {
        clearTimeout(timer);
        this.waiting.delete(token);
        resolve(answer);
      };
      this.waiting.set(token, settle);
      if (this.outgoing.push({ subject, data, token }) === 1) setImmediate(() => this.publishOutgoing());
    });
  }

  private publishOutgoing(): void {
    const outgoing = this.outgoing;
    this.outgoing = [];
    for (const { subject, data, token } of outgoing) {
      try {
        this.nc.publish(subject, data, { reply: `${this.prefix}.${token}` });
      } catch {
        this.waiting.get(token)?.(undefined);
      }
    }
  }

  private answered(message: Msg): void {
    const settle = this.waiting.get(message.subject.slice(this.prefix.length + 1));
    // NATS answers a request no one subscribes to with an empty 503 status: as good as no answer
    if (settle) settle(message.data.length === 0 && message.headers?.code === 503 ? undefined : message.data);
  }
}

/**
 * A gateway follows the core: it hears the core's durable batches from before its copy loads (so
 * none falls between the load and the first batch), loads the copy in one snapshot, then replays
 * each batch as it comes (`ReplicaFollower`). A reconnect, the core answering again after being
 * unreachable, or the core reporting a later batch than the copy holds for two probes in a row
 * (a last batch missed) reloads the copy. `reach` is what readiness reports.
 */
export async function followCore(
  nc: NatsConnection,
  replica: Core,
  cluster: string,
  remote: (command: CoreCommand) => Promise<CommandResult>,
  onFault: (error: unknown) => void,
): Promise<{ reach: () => 'running' | 'unreachable'; follower: ReplicaFollower; stop: () => void }> {
  const SUBJECTS = subjects(cluster);
  let reach: 'running' | 'unreachable' = 'running';
  const follower = new ReplicaFollower(replica, onFault);
  const batches = nc.subscribe(SUBJECTS.batches, {
    callback: (error, message) => {
      if (error) return;
      follower.receive(decode<ReplicatedBatch>(message.data));
    },
  });
  await replica.startReplica(remote);
  follower.start();
  /** the core's last batch at the previous probe, when the copy was behind it */
  let behind: number | undefined;
  const probe = async () => {
    try {
      const answer = decode<Ping>((await nc.request(SUBJECTS.ping, encode({}), { timeout: 1_000 })).data);
      if (reach === 'unreachable') follower.reload();
      else if (behind !== undefined && replica.sequence < behind) follower.reload();
      behind = replica.sequence < answer.sequence ? answer.sequence : undefined;
      reach = 'running';
    } catch {
      reach = 'unreachable';
    }
  };
  const timer = setInterval(() => void probe().catch(onFault), PROBE_EVERY_MS);
  timer.unref();
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'reconnect') follower.reload();
  })();
  return {
    reach: () => reach,
    follower,
    stop: () => {
      clearInterval(timer);
      follower.stop();
      batches.unsubscribe();
    },
  };
}
