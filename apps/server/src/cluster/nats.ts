import { randomBytes } from 'node:crypto';
import { connect, createInbox, type Msg, type NatsConnection, type NatsError } from 'nats';
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
/** How often a gateway times out the requests whose time has passed (a timeout is late by at most this much). */
const SWEEP_EVERY_MS = 100;
/** How often a gateway asks whether the core answers (and which batch it wrote last). */
const PROBE_EVERY_MS = 1_000;
/** What a gateway sends the core: a command, and the name of the remote call it belongs to (every retry of the call carries the same name). */
export interface CommandRequest {
  call: string;
  command: CoreCommand;
  /** the gateway takes its answers grouped (`AnswerGroups`); one that does not say so gets a reply per command */
  grouped?: boolean;
}

type Reply = { ok: true; result: CommandResult } | { ok: false; refusal: string; replyType: Refusal['replyType'] };
/** A gateway's answers of one turn of the core, each with the token of the request it answers. */
type GroupedAnswers = [token: string, reply: Reply][];
/**
 * The last token of the subject grouped answers come to (`<inbox>.grouped-answers`): its `-` is in
 * no request's token (a counter in base 36), so the two never meet.
 */
const GROUPED_ANSWERS = 'grouped-answers';
/** NATS's own default, for a connection that has not told its server's limit yet */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
type Ping = { state: Core['state']; sequence: number };

/**
 * A subscription callback that never throws: one that throws closes the connection's reader, and
 * with it every subscription of the process, until it reconnects. A message that cannot be read
 * (not what the subject carries) is dropped and told to `onDropped`.
 */
function dropUnreadable(handle: (message: Msg) => void, onDropped: (error: unknown) => void = () => {}) {
  return (error: NatsError | null, message: Msg): void => {
    if (error) return;
    try {
      handle(message);
    } catch (failure) {
      onDropped(failure);
    }
  };
}

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
  const groups = new AnswerGroups(nc);
  const commands = nc.subscribe(SUBJECTS.commands, {
    queue: 'core',
    // a request that cannot be read gets no answer: its gateway retries, then answers 503
    callback: dropUnreadable((message) => {
      const { call, command, grouped } = decode<CommandRequest>(message.data);
      const answer = (reply: Reply) => (grouped && message.reply ? groups.add(message.reply, reply) : message.respond(encode(reply)));
      // a retry of the same call gets its first copy's answer (Core.execute)
      core.execute(command, call).then(
        (result) => answer({ ok: true, result }),
        (failure: unknown) => {
          // a fault is told as `please retry`: the command's key makes the retry safe
          const refusal = failure instanceof Refusal ? failure : new Refusal('please retry');
          answer({ ok: false, refusal: refusal.key, replyType: refusal.replyType });
        },
      );
    }),
  });
  const ping = nc.subscribe(SUBJECTS.ping, { callback: dropUnreadable((message) => message.respond(encode({ state: core.state, sequence: core.sequence } satisfies Ping))) });
  // a batch too large for NATS fails here: the core reports it, and each copy reloads at the gap
  core.replicate((batch) => nc.publish(SUBJECTS.batches, encode(batch)));
  return () => {
    commands.unsubscribe();
    groups.flush();
    ping.unsubscribe();
    core.replicate(() => {});
  };
}

/**
 * The core's answers to the gateways that take them grouped: the answers of one turn (a batch's
 * callers are answered together, once it is durable) leave at its end as one message per gateway
 * inbox instead of one per command, which spares the core, NATS and each gateway a message, an
 * encoding and a parse per command. They leave after the batch itself, so a gateway's copy still
 * shows a write before its caller hears of it. A group too large for one NATS message is sent as
 * single replies; an answer lost on the way (NATS away) is asked again by the gateway's retry.
 */
class AnswerGroups {
  private groups = new Map<string, GroupedAnswers>();

  constructor(private readonly nc: NatsConnection) {}

  /** `replySubject` is the request's reply subject: `<inbox>.<token>` */
  add(replySubject: string, reply: Reply): void {
    const dot = replySubject.lastIndexOf('.');
    const inbox = replySubject.slice(0, dot);
    let group = this.groups.get(inbox);
    if (!group) {
      if (this.groups.size === 0) setImmediate(() => this.flush());
      group = [];
      this.groups.set(inbox, group);
    }
    group.push([replySubject.slice(dot + 1), reply]);
  }

  flush(): void {
    const groups = this.groups;
    this.groups = new Map();
    const maxPayload = this.nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
    for (const [inbox, answers] of groups) {
      const data = encode(answers);
      if (data.length <= maxPayload) this.publish(`${inbox}.${GROUPED_ANSWERS}`, data);
      else for (const [token, reply] of answers) this.publish(`${inbox}.${token}`, encode(reply));
    }
  }

  private publish(subject: string, data: Uint8Array): void {
    try {
      this.nc.publish(subject, data);
    } catch {
      // a connection closing or a single answer too large: the gateway's retry asks again
    }
  }
}

/**
 * A gateway's way to the core: each command is a NATS request, retried with the same idempotency
 * key and the same call name until `patienceMs` has passed; then the gateway answers 503. The core
 * applies a key once: a retry is answered the first copy's result while the core's window of
 * recent keys holds it, and `applied: false, duplicate: true` after (a core restarted meanwhile).
 * The attempts of a request with an Idempotency-Key share one call name whichever gateway they
 * come through, so a client's retry on another gateway is answered the same way.
 */
export function remoteCore(nc: NatsConnection, cluster: string, patienceMs = COMMAND_PATIENCE_MS, inbox = createInbox()): (command: CoreCommand) => Promise<CommandResult> {
  const SUBJECTS = subjects(cluster);
  const replies = new ReplyInbox(nc, inbox);
  return async (command) => {
    const giveUpAt = Date.now() + patienceMs;
    const attemptMs = Math.min(ATTEMPT_TIMEOUT_MS, Math.ceil(patienceMs / 3));
    // every attempt of a request with an Idempotency-Key, through any gateway, is one call: its key names it
    const request = encode({ call: isRequestKey(command.key) ? command.key : replies.newCallName(), command, grouped: true } satisfies CommandRequest);
    for (;;) {
      const reply = await replies.request(SUBJECTS.commands, request, Math.min(attemptMs, Math.max(1, giveUpAt - Date.now())));
      if (reply !== undefined) {
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
 * Requests over one subscription of the gateway's own (`<inbox>.<token>`), answered by the replies
 * that arrive there, one by one or grouped (`AnswerGroups`): the client's own request() costs each
 * call an inbox token, two error objects with their stack traces and a timer of its own: about a
 * tenth of a gateway's CPU under load. Here a request costs an entry in a map; one sweep a tenth
 * of a second times out those whose time has passed.
 */
class ReplyInbox {
  /** names this process's calls: unique across gateways by the random part, cheap by the counter */
  private readonly callPrefix = randomBytes(9).toString('base64url');
  private next = 0;
  private readonly waiting = new Map<string, { resolve: (reply: Reply | undefined) => void; deadline: number }>();
  private sweeper: NodeJS.Timeout | undefined;
  /** requests of this turn of the event loop, published together at its end: one write for all */
  private outgoing: { subject: string; data: Uint8Array; token: string }[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {
    // an answer that cannot be read is dropped: its request times out and is sent again
    nc.subscribe(`${prefix}.*`, { callback: dropUnreadable((message) => this.answered(message)) });
  }

  newCallName(): string {
    return `${this.callPrefix}-${(this.next += 1).toString(36)}`;
  }

  /** The reply; undefined when none came in time, no core listens, or the connection failed. */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Reply | undefined> {
    const token = (this.next += 1).toString(36);
    const deadline = Date.now() + timeoutMs;
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_EVERY_MS).unref();
    if (this.outgoing.push({ subject, data, token }) === 1) setImmediate(() => this.publishOutgoing());
    return new Promise((resolve) => this.waiting.set(token, { resolve, deadline }));
  }

  private settle(token: string, reply: Reply | undefined): void {
    const entry = this.waiting.get(token);
    if (!entry) return;
    this.waiting.delete(token);
    entry.resolve(reply);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, { deadline }] of this.waiting) if (deadline <= now) this.settle(token, undefined);
    if (this.waiting.size === 0 && this.outgoing.length === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  private publishOutgoing(): void {
    const outgoing = this.outgoing;
    this.outgoing = [];
    for (const { subject, data, token } of outgoing) {
      try {
        this.nc.publish(subject, data, { reply: `${this.prefix}.${token}` });
      } catch {
        this.settle(token, undefined);
      }
    }
  }

  private answered(message: Msg): void {
    const token = message.subject.slice(this.prefix.length + 1);
    if (token === GROUPED_ANSWERS) {
      for (const [answered, reply] of decode<GroupedAnswers>(message.data)) this.settle(answered, reply);
      return;
    }
    if (!this.waiting.has(token)) return;
    // NATS answers a request no one subscribes to with an empty 503 status: as good as no answer
    this.settle(token, message.data.length === 0 && message.headers?.code === 503 ? undefined : decode<Reply>(message.data));
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
    // a batch that cannot be read is a batch missed: the copy reloads
    callback: dropUnreadable(
      (message) => follower.receive(decode<ReplicatedBatch>(message.data)),
      (error) => {
        onFault(error);
        follower.reload();
      },
    ),
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
