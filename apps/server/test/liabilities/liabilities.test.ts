import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyLiabilityProof, type LiabilityProof, type LiabilitySnapshotItem } from '@tessera/protocol';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { runToExit } from '../support/run-script';
import { createReopenableApp } from '../support/reopenable-app';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

const USDT = 3;
const BTC = 1;

interface Page<T> {
  list: T[];
  total: number;
}

describeEachDatabase('proof of liabilities', (kind) => {
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let operator: ReturnType<typeof operatorCall>;
  const users: { token: string; id: number }[] = [];

  const fund = (userId: number, currencyId: number, wallet: 'change' | 'lever', amount: string, key: string) =>
    app.core.execute({ kind: 'adjust', key, userId, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });

  /** Publishes a snapshot as an operator and waits until its trees are built. */
  async function publish(): Promise<LiabilitySnapshotItem> {
    const published = await operator('POST', '/liabilities/publish');
    expect(published.status).toBe(200);
    await app.services.liabilities.built();
    const list = await api.get<Page<LiabilitySnapshotItem>>('liabilities');
    const snapshot = list.body.message.list.find((item) => item.id === published.body.id);
    if (!snapshot) throw new Error('the snapshot is not listed');
    return snapshot;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    api = apiClient(app);
    operator = operatorCall(app, await operatorToken(app));
    for (const name of ['alice', 'bob', 'carol']) users.push(await registerUser(api, `${name}@example.com`));
    const [alice, bob, carol] = [users[0]!, users[1]!, users[2]!];
    await fund(alice.id, USDT, 'change', '1000.5', 'pol-a1');
    await fund(alice.id, USDT, 'lever', '24.25', 'pol-a2');
    await fund(bob.id, USDT, 'change', '7', 'pol-b1');
    await fund(bob.id, BTC, 'change', '0.3', 'pol-b2');
    await fund(carol.id, USDT, 'change', '0.000000000000000001', 'pol-c1');
  });
  afterAll(async () => {
    await app.close();
  });

  it('publishes the users’ total per currency, the platform’s accounts apart, and every user’s proof reaches the published root', async () => {
    const snapshot = await publish();
    expect(snapshot).toMatchObject({ status: 'published', cause: 'operator' });
    const usdt = snapshot.currencies.find((currency) => currency.currency_id === USDT);
    expect(usdt).toMatchObject({ total: '1031.750000000000000001', users: 3, leaf_count: 4 });
    expect(snapshot.currencies.find((currency) => currency.currency_id === BTC)).toMatchObject({ total: '0.3', users: 1, leaf_count: 1 });

    const proofs: LiabilityProof[] = [];
    for (const user of users) {
      const reply = await api.get<LiabilityProof>('liabilities/proof', { id: snapshot.id, currency: USDT }, { token: user.token });
      expect(reply.body.type).toBe('ok');
      proofs.push(reply.body.message);
    }
    expect(proofs.map((proof) => proof.leaf.balance)).toEqual(['1024.75', '7', '0.000000000000000001']);
    for (const proof of proofs) {
      expect(verifyLiabilityProof(proof, usdt?.root_hash)).toMatchObject({ ok: true, root: { hash: usdt?.root_hash, sum: '1031.750000000000000001' } });
      expect(proof.path).toHaveLength(2);
    }
    // distinct leaves, distinct salts: a proof names only its owner
    expect(new Set(proofs.map((proof) => proof.leaf.index)).size).toBe(3);
    expect(new Set(proofs.map((proof) => proof.leaf.salt)).size).toBe(3);
    expect((await runAudit(app.db)).ok).toBe(true);
  });

  it('ships a standalone verifier: exit 0 for a proof that holds and reaches the published root, 1 for a tampered one, 2 for no file', async () => {
    const snapshot = await publish();
    const root = snapshot.currencies.find((currency) => currency.currency_id === USDT)?.root_hash ?? '';
    const reply = await api.get<LiabilityProof>('liabilities/proof', { id: snapshot.id, currency: USDT }, { token: users[1]!.token });
    const folder = await mkdtemp(path.join(tmpdir(), 'tessera-proof-'));
    const file = path.join(folder, 'proof.json');
    const verify = (...args: string[]) => runToExit('apps/server/src/scripts/verify-liabilities.ts', {}, args);
    try {
      await writeFile(file, JSON.stringify(reply.body.message));
      const holds = await verify(file, '--root', root);
      expect(holds.code).toBe(0);
      expect(holds.output).toContain('the proof holds, and reaches the published root');
      await writeFile(file, JSON.stringify({ ...reply.body.message, leaf: { ...reply.body.message.leaf, balance: '7000' } }));
      const tampered = await verify(file, '--root', root);
      expect(tampered.code).toBe(1);
      expect(tampered.output).toContain('the proof does NOT hold');
      expect((await verify(path.join(folder, 'missing.json'))).code).toBe(2);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('answers a user with no balance in the currency, refuses a stranger and unknown snapshots', async () => {
    const snapshot = await publish();
    const carol = users[2]!;
    const none = await api.get('liabilities/proof', { id: snapshot.id, currency: BTC }, { token: carol.token });
    expect(none.body).toEqual({ type: 'error', message: 'no balance in this snapshot' });
    const anonymous = await api.get('liabilities/proof', { id: snapshot.id, currency: USDT });
    expect(anonymous.body.type).toBe('999');
    const unknown = await api.get('liabilities/proof', { id: snapshot.id + 100, currency: USDT }, { token: carol.token });
    expect(unknown.body).toEqual({ type: 'error', message: 'data not found' });
    const malformed = await api.get('liabilities/proof', { id: 'x', currency: USDT }, { token: carol.token });
    expect(malformed.body.type).toBe('error');
  });

  it('takes the snapshot at a batch boundary: the commands queued before it are counted, those after it are not, and the audit ties each total to the ledger', async () => {
    const alice = users[0]!;
    const credit = (index: number) => fund(alice.id, USDT, 'change', '1', `pol-around-${index}`);
    // queued in one turn: without a batch of its own, the snapshot would share one with them
    const before = Array.from({ length: 20 }, (_, index) => credit(index));
    const taken = app.core.execute({ kind: 'liabilities_snapshot', key: 'pol-boundary', requestedBy: null });
    const after = Array.from({ length: 20 }, (_, index) => credit(20 + index));
    await Promise.all([...before, ...after]);
    const result = await taken;
    const id = result.applied ? result.recordId : undefined;
    await app.services.liabilities.built();
    const list = await api.get<Page<LiabilitySnapshotItem>>('liabilities');
    const snapshot = list.body.message.list.find((item) => item.id === id);
    expect(snapshot?.currencies.find((currency) => currency.currency_id === USDT)?.total).toBe('1051.750000000000000001');
    const [ledger] = await app.db.query<{ amount: string }>(
      `select sum(e.delta_available + e.delta_locked)::text as amount from ledger_entries e join users u on u.id = e.user_id
        where u.kind = 'user' and e.currency_id = $1 and e.id <= (select ledger_boundary from liability_snapshots where id = $2)`,
      [USDT, id],
    );
    expect(parseAmount(ledger?.amount ?? '0')).toBe(parseAmount('1051.750000000000000001'));
    expect((await runAudit(app.db)).ok).toBe(true);
  });

  it('lets operators of the money roles publish, everyone read, and the audit catch a total that was changed', async () => {
    const snapshot = await publish();
    const everySnapshot = await operator('GET', '/liabilities');
    expect((everySnapshot.body as unknown as Page<LiabilitySnapshotItem>).list[0]?.id).toBe(snapshot.id);
    await app.db.query(`update liability_roots set total = total + 1 where snapshot_id = $1 and currency_id = $2`, [snapshot.id, USDT]);
    const report = await runAudit(app.db);
    expect(report.ok).toBe(false);
    expect(report.settlementMismatches).toEqual([
      expect.objectContaining({ table_name: 'liability_roots', id: `${snapshot.id}:${USDT}`, field: expect.stringMatching(/is not the users' ledger/) }),
    ]);
    await app.db.query(`update liability_roots set total = total - 1 where snapshot_id = $1 and currency_id = $2`, [snapshot.id, USDT]);
    expect((await runAudit(app.db)).ok).toBe(true);
  });
});

describeEachDatabase('proof of liabilities: the daily snapshot and a build a stop interrupted', (kind) => {
  let server: Awaited<ReturnType<typeof createReopenableApp>>;
  const time = manualClock(new Date('2026-11-22T23:58:00Z'));

  beforeAll(async () => {
    server = await createReopenableApp(kind, time.clock);
    const api = apiClient(server.app);
    const user = await registerUser(api, 'daily@example.com');
    await server.app.core.execute({ kind: 'adjust', key: 'daily-fund', userId: user.id, currencyId: USDT, wallet: 'change', amount: parseAmount('42'), reason: 'adjustment', reference: 'test' });
  });
  afterAll(async () => {
    await server.close();
  });

  const snapshots = () => server.app.db.query<{ id: number; cause: string; day: string | null; status: string }>(
    `select id::int as id, cause, day::text as day, status from liability_snapshots order by id`,
  );

  it('takes one snapshot when a UTC day begins, as a core deadline a restart neither repeats nor skips', async () => {
    expect(await snapshots()).toEqual([]);
    time.advanceMinutes(3);
    await server.app.core.runDueDeadlines();
    await server.app.services.liabilities.built();
    expect(await snapshots()).toEqual([{ id: 1, cause: 'daily', day: '2026-11-23', status: 'published' }]);

    await server.restart();
    await server.app.services.liabilities.built();
    expect(await snapshots()).toHaveLength(1);

    // stopped over two midnights: one snapshot catches up at start, not one per missed day
    await server.app.http.close();
    time.advanceMinutes(2 * 24 * 60);
    await server.restart();
    await server.app.services.liabilities.built();
    expect((await snapshots()).map((row) => row.day)).toEqual(['2026-11-23', '2026-11-25']);
    expect((await runAudit(server.app.db)).ok).toBe(true);
  });

  it('builds a snapshot a stop interrupted from the ledger up to its boundary, with the same total', async () => {
    await server.app.services.liabilityBuilder.close();
    const taken = await server.app.core.execute({ kind: 'liabilities_snapshot', key: 'interrupted', requestedBy: null });
    const id = taken.applied ? taken.recordId : undefined;
    expect((await snapshots()).find((row) => row.id === id)?.status).toBe('building');
    await server.restart();
    await server.app.services.liabilities.built();
    expect((await snapshots()).find((row) => row.id === id)?.status).toBe('published');
    const [root] = await server.app.db.query<{ total: string }>(`select total::text from liability_roots where snapshot_id = $1 and currency_id = $2`, [id, USDT]);
    expect(parseAmount(root?.total ?? '0')).toBe(parseAmount('42'));
    expect((await runAudit(server.app.db)).ok).toBe(true);
  });
});
