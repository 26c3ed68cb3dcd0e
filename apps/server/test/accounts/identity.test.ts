import { beforeAll, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@tessera/protocol';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { TINY_JPEG, TINY_PNG, postFiles } from '../support/multipart';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface Center {
  review_status: number;
  name: string;
  card_id: string;
  reject_reason: string;
  strength: number;
}

describeEachDatabase('identity verification', (kind) => {
  let user: { token: string; id: number };
  let operator: ReturnType<typeof operatorCall>;
  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    user = await registerUser(api, 'kyc@example.com');
    operator = operatorCall(app, await operatorToken(app));
  });

  const upload = (bytes: Buffer, filename = 'photo.png', token = user.token) =>
    postFiles(app, '/api/upload', token, [{ filename, contentType: 'image/png', bytes }]);

  async function threePhotos(token = user.token): Promise<string[]> {
    const urls: string[] = [];
    for (const bytes of [TINY_PNG, TINY_JPEG, TINY_PNG]) {
      const reply = await upload(bytes, 'x.png', token);
      expect(reply.body.type).toBe('ok');
      urls.push(reply.body.message);
    }
    return urls;
  }

  it('stores an uploaded jpg or png and serves it back at its URL', async () => {
    const reply = await upload(TINY_PNG);
    expect(reply.body.message).toMatch(/^\/uploads\/[A-Za-z0-9_-]{43}\.png$/);
    const served = await app.http.inject({ method: 'GET', url: reply.body.message });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, no-store');
    const jpeg = await upload(TINY_JPEG, 'scan.jpeg');
    expect(jpeg.body.message).toMatch(/\.jpg$/);
  });

  it('judges the type by content, not by name', async () => {
    const text = await upload(Buffer.from('<?php echo "hi"; ?>'), 'photo.png');
    expect(text.body).toEqual({ type: 'error', message: 'wrong file type' });
    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.jpg');
    expect(gif.body).toEqual({ type: 'error', message: 'wrong file type' });
    const renamedPng = await upload(TINY_PNG, 'document.pdf');
    expect(renamedPng.body.type).toBe('ok');
  });

  it('refuses a file over 4 MB, two files at once, no file, and no token', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    expect((await upload(big)).body).toEqual({ type: 'error', message: 'file too big' });
    const two = await postFiles(app, '/api/upload', user.token, [
      { filename: 'a.png', contentType: 'image/png', bytes: TINY_PNG },
      { filename: 'b.png', contentType: 'image/png', bytes: TINY_PNG },
    ]);
    expect(two.body).toEqual({ type: 'error', message: 'upload one file at a time' });
    expect((await api.post('upload', {}, { token: user.token })).body).toEqual({ type: 'error', message: 'parameter error' });
    expect((await postFiles(app, '/api/upload', undefined, [{ filename: 'a.png', contentType: 'image/png', bytes: TINY_PNG }])).body.type).toBe(
      '999',
    );
  });

  it('refuses uploads from the guest account', async () => {
    const guest = (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
    expect((await upload(TINY_PNG, 'a.png', guest)).body).toEqual({ type: 'error', message: 'guest accounts cannot do this' });
  });

  it('refuses a submission that breaks a rule, and changes nothing', async () => {
    const [front = '', reverse = '', hand = ''] = await threePhotos();
    const base = { name: 'Zhang San', card_id: '11010519491231002X', front_pic: front, reverse_pic: reverse, hand_pic: hand };
    const refusal = async (fields: Record<string, string>) => (await api.post<string>('user/real_name', fields, { token: user.token })).body.message;
    expect(await refusal({ ...base, name: '' })).toBe('enter real name');
    expect(await refusal({ ...base, name: 'Agent 007' })).toBe('name must not contain digits');
    expect(await refusal({ ...base, card_id: '' })).toBe('enter id number');
    expect(await refusal({ ...base, card_id: '身份证123456' })).toBe('id number must not contain chinese characters');
    expect(await refusal({ ...base, card_id: 'AB' })).toBe('id number is not valid');
    expect(await refusal({ ...base, reverse_pic: '' })).toBe('upload all three photos');
    expect(await refusal({ ...base, front_pic: '/uploads/not-a-real-file.png' })).toBe('photo not found, upload it again');
    const center = await api.get<Center>('user/center', {}, { token: user.token });
    expect(center.body.message.review_status).toBe(0);
  });

  it("refuses another user's photos", async () => {
    const other = await registerUser(api, 'thief@example.com');
    const [front = '', reverse = '', hand = ''] = await threePhotos();
    const reply = await api.post(
      'user/real_name',
      { name: 'Thief', card_id: 'X1234567', front_pic: front, reverse_pic: reverse, hand_pic: hand },
      { token: other.token },
    );
    expect(reply.body.message).toBe('photo not found, upload it again');
  });

  it('goes 0 → 1 on submission, and an operator approval makes it 2 and the strength reach its share', async () => {
    const [front = '', reverse = '', hand = ''] = await threePhotos();
    const submitted = await api.post(
      'user/real_name',
      { name: 'Zhang San', card_id: '11010519491231002x', front_pic: front, reverse_pic: reverse, hand_pic: hand },
      { token: user.token },
    );
    expect(submitted.body.type).toBe('ok');
    const pending = await api.get<Center>('user/center', {}, { token: user.token });
    expect(pending.body.message).toMatchObject({ review_status: 1, name: 'Zhang San', card_id: '110****002X' });
    expect((await api.post('user/real_name', { name: 'Again' }, { token: user.token })).body.message).toBe('identity already submitted');

    const queue = await operator('GET', '/kyc?status=1');
    expect((queue.body.items as { user_id: number }[]).map((item) => item.user_id)).toContain(user.id);
    expect((await operator('POST', `/kyc/${user.id}/approve`)).status).toBe(200);
    expect((await operator('POST', `/kyc/${user.id}/approve`)).status).toBe(404);
    const approved = await api.get<Center>('user/center', {}, { token: user.token });
    expect(approved.body.message).toMatchObject({ review_status: 2, strength: 75 });
  });

  it('never lets an approved ID number verify a second account', async () => {
    const second = await registerUser(api, 'copycat@example.com');
    const [front = '', reverse = '', hand = ''] = await threePhotos(second.token);
    const reply = await api.post(
      'user/real_name',
      { name: 'Li Si', card_id: '11010519491231002X', front_pic: front, reverse_pic: reverse, hand_pic: hand },
      { token: second.token },
    );
    expect(reply.body.message).toBe('this id is already verified');
  });

  it('shows a rejection with its reason, after which the user may submit again', async () => {
    const rejected = await registerUser(api, 'blurry@example.com');
    const photos = await threePhotos(rejected.token);
    const fields = { name: 'Wang Wu', card_id: 'P99887766', front_pic: photos[0] ?? '', reverse_pic: photos[1] ?? '', hand_pic: photos[2] ?? '' };
    await api.post('user/real_name', fields, { token: rejected.token });
    expect((await operator('POST', `/kyc/${rejected.id}/reject`, { reason: 'photo is blurred' })).status).toBe(200);
    const center = await api.get<Center>('user/center', {}, { token: rejected.token });
    expect(center.body.message).toMatchObject({ review_status: 0, reject_reason: 'photo is blurred' });
    expect((await api.post('user/real_name', fields, { token: rejected.token })).body.type).toBe('ok');
  });
});
