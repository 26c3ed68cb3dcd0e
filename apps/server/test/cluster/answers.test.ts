import { randomBytes } from 'node:crypto';
import { connect, createInbox, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, encode } from '../../src/cluster/codec';
import { remoteCore, serveCore, subjects, type CommandRequest } from '../../src/cluster/nats';
import type { CoreCommand } from '../../src/core/kinds';
import { CoreUnreachable, Refusal } from '../../src/core/refusal';
import { key, LeverHarness, USDT } from '../lever/harness';
import { answers, CLUSTER_NATS_URL } from '../support/cluster';

const natsAnswers = await answers(CLUSTER_NATS_URL, 4222);

/** A credit of `amount` atoms of USDT to the user's change wallet; 0 is refused (`amount must be greater than zero`). */
const credit = (userId: number, amount: bigint): CoreCommand => ({ kind: 'adjust', key: key('credit'), userId, currencyId: USDT, wallet: 'change', amount, reason: 'adjustment', reference: 'answers test' });

describe.skipIf(!natsAnswers)('a gateway’s commands to the core over NATS, on a core of its own', () => {
  let h: LeverHarness;
  let coreSide: NatsConnection;
  let gatewaySide: NatsConnection;
  let spySide: NatsConnection;
  let userId: number;
  const cluster = `test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    h = await LeverHarness.open('pglite', { heartbeat: false });
    userId = await h.newUser();
    [coreSide, gatewaySide, spySide] = await Promise.all([connect({ servers: CLUSTER_NATS_URL }), connect({ servers: CLUSTER_NATS_URL }), connect({ servers: CLUSTER_NATS_URL })]);
    serveCore(coreSide, h.core, cluster);
  });
  afterAll(async () => {
    await Promise.all([coreSide.close(), gatewaySide.close(), spySide.close()]);
    await h.core.stop();
    await h.db.close();
  });

  it('answers the commands of a batch in one message per gateway, each caller its own result or refusal', async () => {
    const inbox = createInbox();
    const remote = remoteCore(gatewaySide, cluster, 15_000, inbox);
    const heard: string[] = [];
    spySide.subscribe(`${inbox}.*`, { callback: (_error, message) => heard.push(message.subject.slice(inbox.length + 1)) });
    await spySide.flush();

    const amounts = Array.from({ length: 40 }, (_, index) => BigInt(index % 8 === 7 ? 0 : index + 1));
    const outcomes = await Promise.all(amounts.map((amount) => remote(credit(userId, amount)).then((result) => result, (refusal: unknown) => refusal)));

    outcomes.forEach((outcome, index) => {
      if (amounts[index] === 0n) expect(outcome).toEqual(new Refusal('amount must be greater than zero'));
      else expect(outcome).toMatchObject({ applied: true });
    });
    await spySide.flush();
    // 40 commands in a handful of batches: a message per batch, none per command
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.length).toBeLessThanOrEqual(4);
    expect(new Set(heard)).toEqual(new Set(['grouped-answers']));
  });

  it('answers a gateway that does not ask for grouped answers with a reply of its own', async () => {
    const request: CommandRequest = { call: `old-gateway-${randomBytes(4).toString('hex')}`, command: credit(userId, 5n) };
    const reply = decode<{ ok: boolean; result?: unknown }>((await gatewaySide.request(subjects(cluster).commands, encode(request), { timeout: 5_000 })).data);
    expect(reply).toMatchObject({ ok: true, result: { applied: true } });
  });

  it('drops a message it cannot read, on either side, and goes on answering over the same connections', async () => {
    const inbox = createInbox();
    const remote = remoteCore(gatewaySide, cluster, 15_000, inbox);
    expect(await remote(credit(userId, 3n))).toMatchObject({ applied: true });
    const garbage = new TextEncoder().encode('not what this subject carries');
    for (const subject of [`${inbox}.grouped-answers`, `${inbox}.1`, subjects(cluster).commands]) spySide.publish(subject, garbage);
    spySide.publish(`${inbox}.grouped-answers`, encode({ not: 'a list' }));
    await spySide.flush();

    expect(await remote(credit(userId, 4n))).toMatchObject({ applied: true });
    expect(coreSide.isClosed() || gatewaySide.isClosed()).toBe(false);
  });

  it('gives up after its patience when no core answers (the requests time out, then the gateway answers 503)', async () => {
    const remote = remoteCore(gatewaySide, `${cluster}-without-core`, 400);
    const started = Date.now();
    await expect(remote(credit(userId, 1n))).rejects.toBeInstanceOf(CoreUnreachable);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(400);
    expect(waited).toBeLessThan(1_500);
  });
});
