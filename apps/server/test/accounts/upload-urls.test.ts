import { expect, it } from 'vitest';
import { registerUser } from '../support/accounts';
import { multipartBody, postFiles, TINY_PNG } from '../support/multipart';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

/** An upload URL naming another host: the submission keeps only `/uploads/<name>`. */
describeEachDatabase('uploads: URLs stored as /uploads/<name> only; malformed bodies answer 400', (kind) => {

  const { app, api } = useTestApp(kind);

  const upload = async (token: string) =>
    (await postFiles(app, '/api/upload', token, [{ filename: 'photo.png', contentType: 'image/png', bytes: TINY_PNG }])).body.message as string;

  it('identity photos', async () => {
    const user = await registerUser(api, 'evil-identity@example.com');
    const [front, reverse, hand] = [await upload(user.token), await upload(user.token), await upload(user.token)];
    const fields = { name: 'Zhang San', card_id: 'CARD-EVIL-1', front_pic: `https://evil.example${front}`, reverse_pic: `http://evil.example${reverse}`, hand_pic: hand };
    expect((await api.post('user/real_name', fields, { token: user.token })).body.type).toBe('ok');
    const [row] = await app.db.query<{ front_pic: string; reverse_pic: string; hand_pic: string }>('select front_pic, reverse_pic, hand_pic from identity_submissions where user_id = $1', [user.id]);
    expect(row).toEqual({ front_pic: front, reverse_pic: reverse, hand_pic: hand });
  });

  it('deposit proofs', async () => {
    const user = await registerUser(api, 'evil-deposit@example.com');
    const pic = await upload(user.token);
    const submitted = await api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', hash: 'f'.repeat(64), amount: '5', pic: `https://evil.example${pic}`, recharge_type: '1', type: 'change', active: '1' }, { token: user.token });
    expect(submitted.body).toEqual({ type: 'ok', message: 'recharge submitted' });
    const [row] = await app.db.query<{ proof_url: string }>('select proof_url from deposit_requests where user_id = $1', [user.id]);
    expect(row!.proof_url).toBe(pic);
  });

  it('answers a truncated multipart body, a wrong boundary and an oversize part with an envelope, never 500', async () => {
    const user = await registerUser(api, 'multipart@example.com');
    const { contentType, payload } = multipartBody([{ filename: 'photo.png', contentType: 'image/png', bytes: TINY_PNG }]);
    const send = (type: string, body: Buffer) => app.http.inject({ method: 'POST', url: '/api/upload', headers: { authorization: `Bearer ${user.token}`, 'content-type': type }, payload: body });

    const truncated = await send(contentType, payload.subarray(0, payload.length - 30));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ type: 'error', message: 'request body is malformed' });

    const wrongBoundary = await send('multipart/form-data; boundary=not-the-one', payload);
    expect(wrongBoundary.statusCode).toBeLessThan(500);
    expect(wrongBoundary.json()).toMatchObject({ type: 'error' });

    const oversize = multipartBody([{ filename: 'big.png', contentType: 'image/png', bytes: Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]) }]);
    const big = await send(oversize.contentType, oversize.payload);
    expect(big.statusCode).toBeLessThan(500);
    expect(big.json()).toMatchObject({ type: 'error' });
  });
});
