import { afterAll, beforeAll, expect, it } from 'vitest';
import { LONGEST_RECEIVE_WINDOW_MS } from '../../src/core/admissions/admission';
import { findAdmissions } from '../../src/core/admissions/repository';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';
import { migrateBefore } from '../support/migrate-before';


/**
 * Migration 037 keys admissions by their signed timestamp first. A row written before it gets the
 * timestamp its expiry was made of (the longest window and a second before it), so a copy of that
 * request, arriving after the upgrade with the same timestamp, is still found and refused.
 */
describeEachDatabase('signed admissions recorded before they were keyed by time', (kind) => {
  let db: Database;
  const sentAt = Date.now() - 1_000;
  const expiresAt = sentAt + LONGEST_RECEIVE_WINDOW_MS + 1_000;

  beforeAll(async () => {
    db = await createTestDatabase(kind, { empty: true });
    await migrateBefore(db, '037');
    await db.query('insert into api_request_nonces (key_id, signature, expires_at, attempt) values ($1, $2, $3, $4), ($1, $5, $3, null)', [7, 'a'.repeat(64), new Date(expiresAt), 'attempt-1', 'b'.repeat(64)]);
    await migrate(db);
  });
  afterAll(() => db.close());

  it('gives each row the timestamp it was signed with, and finds it by that timestamp', async () => {
    expect(await db.query('select sent_at::text, key_id::int, attempt from api_request_nonces order by signature')).toEqual([
      { sent_at: String(sentAt), key_id: 7, attempt: 'attempt-1' },
      { sent_at: String(sentAt), key_id: 7, attempt: null },
    ]);
    const copy = { keyId: 7, signature: 'a'.repeat(64), sentAt, expiresAt, attempt: 'attempt-2' };
    const found = await findAdmissions(db, [copy, { ...copy, signature: 'c'.repeat(64) }]);
    expect([...found.values()].map(({ spent, attempt }) => ({ spent, attempt }))).toEqual([
      { spent: true, attempt: 'attempt-1' },
      { spent: false, attempt: null },
    ]);
  });

  it('refuses a second row for the same timestamp, key and signature', async () => {
    await expect(db.query('insert into api_request_nonces (sent_at, key_id, signature, expires_at) values ($1, 7, $2, $3)', [sentAt, 'a'.repeat(64), new Date(expiresAt)])).rejects.toThrow();
  });
});
