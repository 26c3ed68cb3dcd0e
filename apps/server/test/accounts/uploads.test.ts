import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { TINY_JPEG, TINY_PNG, postFiles } from '../support/multipart';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

/** A JPEG of about 1 KB: a few fill the pending-bytes allowance of this suite. */
const KILOBYTE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1000, 7), Buffer.from([0xff, 0xd9])]);

describeEachDatabase('uploads: quota, rate and the sweep of unused files', (kind) => {
  const time = manualClock();
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    app = await createTestApp(kind, {
      clock: time.clock,
      env: { UPLOADS_PER_MINUTE: '3', UPLOADS_PER_DAY: '7', UPLOAD_PENDING_FILES: '5', UPLOAD_PENDING_BYTES: '2500', UPLOAD_UNUSED_HOURS: '24' },
    });
    api = apiClient(app);
  });
  afterAll(() => app.close());

  const upload = async (token: string, bytes: Buffer = TINY_PNG) =>
    (await postFiles(app, '/api/upload', token, [{ filename: 'photo.png', contentType: 'image/png', bytes }])).body.message as string;
  const uploadsOf = async (userId: number) =>
    (await app.db.query<{ n: number }>('select count(*)::int as n from uploads where user_id = $1', [userId]))[0]?.n;
  const fileOf = (url: string) => path.join(app.config.uploadsDir, url.slice('/uploads/'.length));
  let cards = 0;
  const submitIdentity = async (token: string, [front = '', reverse = '', hand = '']: string[]) => {
    cards += 1;
    const fields = { name: 'Zhang San', card_id: `CARD-${cards}`, front_pic: front, reverse_pic: reverse, hand_pic: hand };
    return (await api.post<string>('user/real_name', fields, { token })).body;
  };

  it('refuses more uploads a minute than allowed, storing nothing, and lets them through the next minute', async () => {
    const user = await registerUser(api, 'rate@example.com');
    for (let index = 0; index < 3; index += 1) expect(await upload(user.token)).toMatch(/^\/uploads\//);
    expect(await upload(user.token)).toBe('too many uploads, try again later');
    expect(await uploadsOf(user.id)).toBe(3);
    time.advanceSeconds(61);
    expect(await upload(user.token)).toMatch(/^\/uploads\//);
  });

  it('refuses uploads beyond the pending files allowance until a submission uses some', async () => {
    const user = await registerUser(api, 'pending@example.com');
    const urls: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      if (index === 3) time.advanceSeconds(61);
      urls.push(await upload(user.token));
    }
    time.advanceSeconds(61);
    expect(await upload(user.token)).toBe('too many unused uploads');
    expect(await uploadsOf(user.id)).toBe(5);
    expect(await submitIdentity(user.token, urls.slice(0, 3))).toEqual({ type: 'ok', message: 'operation ok' });
    expect(await upload(user.token)).toMatch(/^\/uploads\//);
  });

  it('refuses uploads beyond the pending bytes allowance', async () => {
    time.advanceSeconds(61);
    const user = await registerUser(api, 'bytes@example.com');
    expect(await upload(user.token, KILOBYTE_JPEG)).toMatch(/^\/uploads\//);
    expect(await upload(user.token, KILOBYTE_JPEG)).toMatch(/^\/uploads\//);
    expect(await upload(user.token, KILOBYTE_JPEG)).toBe('too many unused uploads');
    // a small one still fits
    expect(await upload(user.token, TINY_JPEG)).toMatch(/^\/uploads\//);
  });

  it('refuses more uploads a day than allowed, used or not', async () => {
    const user = await registerUser(api, 'daily@example.com');
    const batch = async () => Promise.all([upload(user.token), upload(user.token), upload(user.token)]);
    expect(await submitIdentity(user.token, await batch())).toMatchObject({ type: 'ok' });
    time.advanceSeconds(61);
    await batch();
    time.advanceSeconds(61);
    expect(await upload(user.token)).toMatch(/^\/uploads\//);
    expect(await upload(user.token)).toBe('too many uploads, try again later');
    time.advanceMinutes(24 * 60);
    expect(await upload(user.token)).toMatch(/^\/uploads\//);
  });

  it('counts uploads sent in parallel one after another: no more than the rate gets stored', async () => {
    time.advanceSeconds(61);
    const user = await registerUser(api, 'burst@example.com');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(user.token)));
    expect(answers.filter((answer) => answer.startsWith('/uploads/'))).toHaveLength(3);
    expect(answers.filter((answer) => answer === 'too many uploads, try again later')).toHaveLength(3);
    expect(await uploadsOf(user.id)).toBe(3);
  });

  it('marks uploads referenced when an identity submission or a deposit proof names them', async () => {
    time.advanceSeconds(61);
    const user = await registerUser(api, 'referenced@example.com');
    const photos = [await upload(user.token), await upload(user.token), await upload(user.token)];
    expect(await submitIdentity(user.token, photos)).toMatchObject({ type: 'ok' });
    time.advanceSeconds(61);
    const proof = await upload(user.token);
    const unused = await upload(user.token);
    const claim = await api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', hash: 'e'.repeat(64), amount: '25', pic: proof, active: '1' }, { token: user.token });
    expect(claim.body.type).toBe('ok');
    const rows = await app.db.query<{ file_name: string; referenced: boolean }>(
      'select file_name, referenced_at is not null as referenced from uploads where user_id = $1 order by id',
      [user.id],
    );
    expect(rows.map((row) => row.referenced)).toEqual([true, true, true, true, false]);
    expect(rows.at(-1)?.file_name).toBe(unused.slice('/uploads/'.length));
  });

  it('deletes uploads nothing referenced a day after they were made, row and file, and keeps the rest', async () => {
    // the other tests' unused uploads go first
    time.advanceMinutes(25 * 60);
    await app.services.uploads.sweep(time.clock());
    const user = await registerUser(api, 'sweep@example.com');
    const photos = [await upload(user.token), await upload(user.token), await upload(user.token)];
    expect(await submitIdentity(user.token, photos)).toMatchObject({ type: 'ok' });
    time.advanceSeconds(61);
    const unused = await upload(user.token);
    const proof = await upload(user.token);
    expect((await api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', hash: 'f'.repeat(64), amount: '5', pic: proof, active: '1' }, { token: user.token })).body.type).toBe('ok');
    // a reference whose mark was never written (a crash between the two writes) still keeps its upload
    await app.db.query('update uploads set referenced_at = null where file_name = $1', [proof.slice('/uploads/'.length)]);

    time.advanceMinutes(23 * 60);
    expect(await app.services.uploads.sweep(time.clock())).toBe(0);
    expect(existsSync(fileOf(unused))).toBe(true);

    time.advanceMinutes(61);
    expect(await app.services.uploads.sweep(time.clock())).toBe(1);
    expect(existsSync(fileOf(unused))).toBe(false);
    expect((await app.http.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    expect(await uploadsOf(user.id)).toBe(4);
    for (const kept of [...photos, proof]) {
      expect(existsSync(fileOf(kept)), kept).toBe(true);
      expect((await app.http.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
    }
    const healed = await app.db.query<{ referenced: boolean }>('select referenced_at is not null as referenced from uploads where file_name = $1', [
      proof.slice('/uploads/'.length),
    ]);
    expect(healed[0]?.referenced).toBe(true);
    // the freed allowance is the user's again, and a second sweep finds nothing
    expect(await app.services.uploads.sweep(time.clock())).toBe(0);
  });
});
