import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import type { CommandContext } from '../../src/core/command-context';
import { Core } from '../../src/core/core';
import type { CommandResult, CoreKind, CoreTable, Deadline, KindState } from '../../src/core/kind';
import { CORE_KINDS, type CoreCommand } from '../../src/core/kinds';
import { refuse } from '../../src/core/refusal';
import { CoreRepository } from '../../src/core/repository';
import type { Database, Queryable } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

/**
 * A kind of core state that exists only here, registered like the real ones: reminders that fire
 * once at their due time. Each firing is appended to a table of its own, so a test can count them.
 */
interface ReminderOpen {
  kind: 'test_reminder_open';
  key: string;
  id: number;
  dueAt: number;
}
interface ReminderFire {
  kind: 'test_reminder_fire';
  key: string;
  id: number;
}
type ReminderCommand = ReminderOpen | ReminderFire;
interface Reminder {
  id: number;
  dueAt: number;
  fired: boolean;
}

const REMINDERS: CoreTable<Reminder> = {
  name: 'test_reminders',
  key: (reminder) => reminder.id,
  statement: (source, rows) => `insert into test_reminders (id, due_at, fired)
      select id, due, fired from ${source(rows.map((r) => ({ id: r.id, due: r.dueAt, fired: r.fired })), 'id int, due bigint, fired boolean')}
      on conflict (id) do update set fired = excluded.fired`,
};
const FIRINGS: CoreTable<{ id: number; at: number }> = {
  name: 'test_reminder_firings',
  statement: (source, rows) => `insert into test_reminder_firings (reminder_id, fired_at)
      select id, at from ${source(rows.map((r) => ({ id: r.id, at: r.at })), 'id int, at bigint')}`,
};

const deadlineOf = (reminder: Reminder): Deadline => {
  const key = `deadline:test_reminders:${reminder.id}`;
  return { key, dueAt: reminder.dueAt, command: (): ReminderFire => ({ kind: 'test_reminder_fire', key, id: reminder.id }) };
};

class Reminders implements KindState<ReminderCommand, Reminder[]> {
  private readonly pending = new Map<number, Reminder>();

  async load(db: Queryable): Promise<Reminder[]> {
    const rows = await db.query<{ id: number; due_at: string }>('select id, due_at::text from test_reminders where not fired');
    return rows.map((row) => ({ id: row.id, dueAt: Number(row.due_at), fired: false }));
  }

  reset(loaded: Reminder[]): void {
    this.pending.clear();
    for (const reminder of loaded) this.pending.set(reminder.id, reminder);
  }

  apply(command: ReminderCommand, context: CommandContext, now: Date): CommandResult {
    if (command.kind === 'test_reminder_open') {
      const reminder = { id: command.id, dueAt: command.dueAt, fired: false };
      context.stage(REMINDERS, reminder);
      context.addDeadline(deadlineOf(reminder));
      // refused after staging: the row and the deadline must both be dropped
      if (command.dueAt <= 0) refuse('parameter error');
      this.pending.set(reminder.id, reminder);
      return { applied: true };
    }
    const reminder = this.pending.get(command.id);
    if (!reminder) refuse('order already handled');
    this.pending.delete(reminder.id);
    context.stage(REMINDERS, { ...reminder, fired: true });
    context.stage(FIRINGS, { id: reminder.id, at: now.getTime() });
    return { applied: true };
  }

  deadlines(): Iterable<Deadline> {
    return [...this.pending.values()].map(deadlineOf);
  }
}

const remindersKind: CoreKind<ReminderCommand, Reminders> = {
  name: 'test_reminders',
  commandKinds: ['test_reminder_open', 'test_reminder_fire'],
  tables: [REMINDERS, FIRINGS],
  orphanChecks: [],
  create: () => new Reminders(),
};

const MINUTE = 60_000;

describeEachDatabase('deadlines in the core', (kind) => {
  let db: Database;
  let now = Date.parse('2030-01-01T00:00:00Z');
  const start = now;
  const clock = () => new Date(now);
  const newCore = async () => {
    const core = new Core<CoreCommand | ReminderCommand>(new CoreRepository(db), undefined, clock, undefined, [...CORE_KINDS, remindersKind]);
    await core.start();
    return core;
  };
  const firings = () => db.query<{ reminder_id: number; fired_at: string }>('select reminder_id, fired_at::text from test_reminder_firings order by seq');

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    await db.query('create table test_reminders (id int primary key, due_at bigint not null, fired boolean not null)');
    await db.query('create table test_reminder_firings (seq serial primary key, reminder_id int not null, fired_at bigint not null)');
  });
  afterAll(() => db.close());

  it('fires deadlines that fell due while the server was stopped once each, in due order, and never again', async () => {
    const first = await newCore();
    // opened out of order; the fourth is due long after the restart
    for (const [id, minutes] of [[1, 3], [2, 1], [3, 2], [4, 60]] as const) {
      await first.execute({ kind: 'test_reminder_open', key: `open-${id}`, id, dueAt: start + minutes * MINUTE });
    }
    await first.runDueDeadlines();
    expect(await firings()).toEqual([]);
    await first.stop();

    // the server comes back after three of them are due
    now = start + 5 * MINUTE;
    const second = await newCore();
    expect((await firings()).map((row) => row.reminder_id)).toEqual([2, 3, 1]);
    expect((await firings()).every((row) => Number(row.fired_at) === now)).toBe(true);
    await second.runDueDeadlines();
    await second.stop();

    // another restart fires nothing that has fired
    const third = await newCore();
    expect((await firings()).map((row) => row.reminder_id)).toEqual([2, 3, 1]);

    // the last one fires when its time comes, once
    now = start + 61 * MINUTE;
    await third.runDueDeadlines();
    await third.runDueDeadlines();
    expect((await firings()).map((row) => row.reminder_id)).toEqual([2, 3, 1, 4]);
    const keys = await db.query<{ n: number }>(`select count(*)::int as n from core_commands where idempotency_key like 'deadline:test_reminders:%'`);
    expect(keys[0]?.n).toBe(4);
    await third.stop();
  });

  it('drops the row and the deadline a refused command staged', async () => {
    now = start + 100 * MINUTE;
    const core = await newCore();
    await expect(core.execute({ kind: 'test_reminder_open', key: 'open-refused', id: 6, dueAt: 0 })).rejects.toMatchObject({ key: 'parameter error' });
    await expect(core.execute({ kind: 'test_reminder_fire', key: 'fire-unknown', id: 999 })).rejects.toMatchObject({ key: 'order already handled' });
    await core.execute({ kind: 'test_reminder_open', key: 'open-5', id: 5, dueAt: now + MINUTE });
    now += 2 * MINUTE;
    await core.runDueDeadlines();
    expect((await firings()).map((row) => row.reminder_id)).toEqual([2, 3, 1, 4, 5]);
    expect(await db.query('select id from test_reminders where id = 6')).toEqual([]);
    await core.stop();
  });
});
