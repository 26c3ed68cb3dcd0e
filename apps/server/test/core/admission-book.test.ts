import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { AdmissionBook, KEY_LIVE_MS } from '../../src/core/admissions/admission-book';
import type { SignedAdmission } from '../../src/core/admissions/admission';
import type { CoreCommandBase } from '../../src/core/kind';
import { useTestApp } from '../support/fixture';
import { keyOnlyBot } from '../support/signed-api';
import { describeEachDatabase } from '../support/test-app';

/** The refusal a batch of the book gives each command, in order (undefined: admitted). */
async function batch(book: AdmissionBook, ...admissions: SignedAdmission[]) {
  const commands: CoreCommandBase[] = admissions.map((admission) => ({ kind: 'test', key: randomUUID(), admission }));
  const checked = await book.forBatch(commands, new Date());
  const refusals = commands.map((command) => checked.refusal(command)?.key);
  checked.settled();
  return refusals;
}

describeEachDatabase('the core’s book of signed admissions', (kind) => {
  const { app } = useTestApp(kind);
  let keyId = 0;
  let elapsed = 0;
  const monotonic = () => elapsed;
  beforeAll(async () => {
    const bot = await keyOnlyBot(app, 'book-bot@example.com');
    const [row] = await app.db.query<{ id: string }>('select id::text from api_keys where key = $1', [bot.credentials.key]);
    keyId = Number(row?.id);
  });
  const admission = (signature: string): SignedAdmission => ({ keyId, signature, sentAt: Date.now(), expiresAt: Date.now() + 60_000, attempt: randomUUID() });
  const record = (signed: SignedAdmission) =>
    app.db.query('insert into api_request_nonces (sent_at, key_id, signature, expires_at, attempt) values ($1, $2, $3, $4, $5)', [
      signed.sentAt,
      signed.keyId,
      signed.signature,
      new Date(signed.expiresAt),
      signed.attempt,
    ]);

  it('asks the database for what memory cannot answer: before it loaded, and after it let an admission go early', async () => {
    // a core that has not loaded: a row written before it is found in the database
    const earlier = admission(`earlier-${randomUUID()}`);
    await record(earlier);
    const unloaded = new AdmissionBook(() => app.db, () => new Date(), monotonic);
    expect(await batch(unloaded, { ...earlier, attempt: randomUUID() })).toEqual(['request replayed']);

    // memory for one admission: the first one written goes when the second is, before it expires
    const small = new AdmissionBook(() => app.db, () => new Date(), monotonic, 1);
    await small.load();
    const first = admission(`first-${randomUUID()}`);
    const second = { ...admission(`second-${randomUUID()}`), expiresAt: first.expiresAt + 1 };
    expect(await batch(small, first)).toEqual([undefined]);
    await record(first); // what the core's batch wrote with it
    expect(await batch(small, second)).toEqual([undefined]);
    expect(small.size).toBe(1);
    expect(await batch(small, { ...first, attempt: randomUUID() })).toEqual(['request replayed']);
    // memory still answers the one it holds, the database for no row of it
    expect(await batch(small, { ...second, attempt: randomUUID() })).toEqual(['request replayed']);
  });

  it('holds at start what the database has not seen expire, and refuses a copy of it without asking', async () => {
    const recorded = admission(`loaded-${randomUUID()}`);
    await record(recorded);
    const book = new AdmissionBook(() => app.db, () => new Date(), monotonic);
    await book.load();
    expect(book.size).toBeGreaterThan(0);
    expect(await batch(book, { ...recorded, attempt: randomUUID() })).toEqual(['request replayed']);
    // the same attempt is a resend of the same command: admitted, its key answers it
    expect(await batch(book, recorded)).toEqual([undefined]);
  });

  it('refuses a deleted key’s admissions once its last live reading is a second old', async () => {
    const book = new AdmissionBook(() => app.db, () => new Date(), monotonic);
    await book.load();
    expect(await batch(book, admission(`live-${randomUUID()}`))).toEqual([undefined]);
    await app.db.query('update api_keys set deleted_at = now() where id = $1', [keyId]);
    try {
      elapsed += KEY_LIVE_MS / 4;
      // read live a moment ago: it stands (the reading's age is the rule's bound)
      expect(await batch(book, admission(`within-${randomUUID()}`))).toEqual([undefined]);
      elapsed += KEY_LIVE_MS;
      expect(await batch(book, admission(`after-${randomUUID()}`))).toEqual(['invalid api key']);
    } finally {
      await app.db.query('update api_keys set deleted_at = null where id = $1', [keyId]);
    }
  });
});
