import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { Core } from '../../src/core/core';
import { CoreRepository } from '../../src/core/repository';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed/seed';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';
import { migrateBefore } from '../support/migrate-before';

const reading = (name: string, value: string, used = true, dropped?: 'stale' | 'outlier') => ({ name, value, at: 1795334400000, used, ...(dropped ? { dropped } : {}) });

/**
 * Migration 034 moves the ticks recorded one row each into rounds of one tick: every tick keeps
 * its id and everything it recorded, the core starts from them, and the ticks it records after
 * them continue the ids, a round per command.
 */
describeEachDatabase('index ticks recorded before rounds', (kind) => {
  let db: Database;
  let pairs: number[] = [];
  const before = [
    { id: 7, pair: 0, at: '2026-11-20T08:00:00Z', value: '60000', sources: [reading('a', '60000'), reading('b', '60100'), reading('c', '70000', false, 'outlier')] },
    { id: 8, pair: 1, at: '2026-11-20T08:00:00Z', value: '3000', sources: [reading('a', '3000')] },
    { id: 9, pair: 0, at: '2026-11-20T08:00:01Z', value: '60050', sources: [reading('a', '60050'), reading('b', '60080')] },
  ];

  beforeAll(async () => {
    db = await createTestDatabase(kind, { empty: true });
    await migrateBefore(db, '034');
    await seed(db, { demoData: false, supportUrl: 'https://support.example', appDownloadUrl: 'https://app.example' });
    pairs = (await db.query<{ id: number }>('select id from currency_pairs order by id limit 2')).map((row) => row.id);
    for (const tick of before) {
      // no book: no impact prices, a premium of 0, the mark at the index
      await db.query(
        `insert into index_ticks (id, pair_id, at, value, sources, impact_bid, impact_ask, premium_sample, premium, mark)
         values ($1, $2, $3, $4, $5::jsonb, null, null, 0, 0, $4)`,
        [tick.id, pairs[tick.pair], tick.at, tick.value, JSON.stringify(tick.sources)],
      );
    }
    await migrate(db);
  });
  afterAll(() => db.close());

  it('keeps every tick with its id and what it recorded, and the audit recomputes them', async () => {
    const ticks = await db.query<{ id: string; pair_id: number; value: string; mark: string; sources: { name: string; value: string; used: boolean }[] }>(
      'select id::text, pair_id, value::text, mark::text, sources from index_ticks order by id',
    );
    expect(ticks.map((tick) => [Number(tick.id), tick.pair_id, parseAmount(tick.value), parseAmount(tick.mark)])).toEqual(
      before.map((tick) => [tick.id, pairs[tick.pair], parseAmount(tick.value), parseAmount(tick.value)]),
    );
    expect(ticks[0]?.sources).toEqual(before[0]?.sources);
    expect(await db.query('select pair_id, first_round::int from index_pairs order by pair_id')).toEqual([
      { pair_id: pairs[0], first_round: 7 },
      { pair_id: pairs[1], first_round: 8 },
    ]);
    const audit = await runAudit(db);
    expect(audit.settlementMismatches).toEqual([]);
    expect(audit.orphans).toEqual([]);
  });

  it('starts the core from them and records the next round with the ids that follow', async () => {
    const core = new Core(new CoreRepository(db));
    await core.start();
    try {
      expect(core.read.index(pairs[0] ?? 0)).toMatchObject({ tickId: 9, value: parseAmount('60050') });
      expect(core.read.index(pairs[1] ?? 0)).toMatchObject({ tickId: 8, value: parseAmount('3000') });
      await core.execute({
        kind: 'index_tick',
        key: 'rounds-migration-1',
        ticks: (pairs as number[]).map((pairId, n) => ({ pairId, sources: [{ name: 'a', value: parseAmount(n === 0 ? '60070' : '3010'), at: Date.now(), used: true }] })),
      });
      expect(core.read.index(pairs[0] ?? 0)).toMatchObject({ tickId: 10 });
      expect(core.read.index(pairs[1] ?? 0)).toMatchObject({ tickId: 11 });
    } finally {
      await core.stop();
    }
    expect(await db.query('select id::int, pair_ids from index_rounds order by id')).toEqual([
      { id: 7, pair_ids: [pairs[0]] },
      { id: 8, pair_ids: [pairs[1]] },
      { id: 9, pair_ids: [pairs[0]] },
      { id: 10, pair_ids: pairs },
    ]);
    const [tick] = await db.query<{ pair_id: number; value: string }>('select pair_id, value::text from index_ticks where id = 11');
    expect(tick?.pair_id).toBe(pairs[1]);
    expect(parseAmount(tick?.value ?? '0')).toBe(parseAmount('3010'));
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('stores a round\'s readings compactly, gives them back as submitted, and the audit sees a tampered reading', async () => {
    // rewritten by 036: names once per round, times less the round's
    const [old] = await db.query<{ source_names: string[]; sources: unknown }>('select source_names, sources from index_rounds where id = 7');
    expect(old).toEqual({ source_names: ['a', 'b', 'c'], sources: [[[0, '60000', 1795334400000 - Date.parse('2026-11-20T08:00:00Z'), true], [1, '60100', 1795334400000 - Date.parse('2026-11-20T08:00:00Z'), true], [2, '70000', 1795334400000 - Date.parse('2026-11-20T08:00:00Z'), false, 'outlier']]] });
    const submitted = [
      [{ name: 'x', value: parseAmount('60100'), at: 1795334400123, used: true }, { name: 'y', value: parseAmount('60090.5'), at: 1795334400001, used: true }, { name: 'z', value: parseAmount('1'), at: 1795334300000, used: false, dropped: 'stale' as const }],
      [{ name: 'y', value: parseAmount('3011.25'), at: 1795334400002, used: true }],
    ];
    const core = new Core(new CoreRepository(db));
    await core.start();
    try {
      await core.execute({ kind: 'index_tick', key: 'rounds-migration-2', ticks: (pairs as number[]).map((pairId, n) => ({ pairId, sources: submitted[n] ?? [] })) });
    } finally {
      await core.stop();
    }
    const [round] = await db.query<{ source_names: string[]; sources: unknown[][] }>('select source_names, sources from index_rounds where id = 12');
    expect(round?.source_names).toEqual(['x', 'y', 'z']);
    expect(round?.sources[1]).toEqual([[1, '3011.25', expect.any(Number), true]]);
    const asText = (readings: typeof submitted[number]) => readings.map((x) => ({ ...x, value: x.value.toString() }));
    const ticks = await db.query<{ sources: { value: string }[] }>('select sources from index_ticks where id in (12, 13) order by id');
    expect(ticks.map((tick) => tick.sources.map((x) => ({ ...x, value: parseAmount(x.value).toString() })))).toEqual(submitted.map(asText));
    // the core, started again, reads its ticks back with the same readings
    const again = new Core(new CoreRepository(db));
    await again.start();
    try {
      expect(again.read.index(pairs[0] ?? 0)).toMatchObject({ tickId: 12, value: parseAmount('60090.5') });
    } finally {
      await again.stop();
    }
    expect((await runAudit(db)).ok).toBe(true);
    // a reading used, changed where it is stored: the index is no longer its median
    await db.query(`update index_rounds set sources = jsonb_set(sources, '{0,1,1}', '"60200"') where id = 12`);
    expect((await runAudit(db)).settlementMismatches).toEqual([
      expect.objectContaining({ table_name: 'index_ticks', id: '12', field: expect.stringContaining('is not the median of its sources') }),
    ]);
    await db.query(`update index_rounds set sources = jsonb_set(sources, '{0,1,1}', '"60090.5"') where id = 12`);
  });
});
