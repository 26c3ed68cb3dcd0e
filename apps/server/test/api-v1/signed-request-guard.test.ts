import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { SignedRequestGuard } from '../../src/modules/api-v1/signed-request-guard';

/** A database that answers every admission as fresh and remembers each statement's commit mode. */
function recordingDatabase(): { db: Database; modes: unknown[] } {
  const modes: unknown[] = [];
  const db = {
    queryPrepared: async (_sql: string, params: readonly unknown[] = []) => {
      modes.push(params[1]);
      const rows = JSON.parse(String(params[0])) as { i: number }[];
      return rows.map((row) => ({ i: row.i, live: true, fresh: true }));
    },
    query: async () => [],
  } as unknown as Database;
  return { db, modes };
}

const nonce = (signature: string, effectsFollow: boolean) => ({ signature, sentAt: Date.now(), expiresAt: new Date(Date.now() + 60_000), effectsFollow });

describe('the signed-request guard', () => {
  it('waits for the disk only when no durable write of the request follows its admission', async () => {
    const { db, modes } = recordingDatabase();
    const guard = new SignedRequestGuard(db, () => new Date());
    try {
      const at = new Date();
      // an order: the core's durable batch follows, and carries the admission to the disk with it
      expect(await guard.admit({ keyId: 1, ip: '127.0.0.1', at, nonce: nonce('a1', true) })).toBe('admitted');
      // a read: nothing follows, its admission is durable on its own
      expect(await guard.admit({ keyId: 1, ip: '127.0.0.1', at, nonce: nonce('b2', false) })).toBe('admitted');
      // admitted together: one statement, which waits as soon as one of them needs it
      await Promise.all([guard.admit({ keyId: 1, ip: '127.0.0.1', at, nonce: nonce('c3', true) }), guard.admit({ keyId: 2, ip: '127.0.0.1', at, nonce: nonce('d4', false) })]);
      expect(modes).toEqual(['off', 'on', 'on']);
    } finally {
      guard.stop();
    }
  });
});
