import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { TINY_JPEG, TINY_PNG, postFiles } from '../support/multipart';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface Notice {
  id: number;
  kind: string;
  content: string;
  params: Record<string, string | number>;
  is_read: number;
  created_at: string;
}
interface NoticePage {
  list: Notice[];
  total: number;
  unread: number;
}

/** Waits until `check` passes (notices from core events are written just after the batch). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase('notifications', (kind) => {
  let user: { token: string; id: number };
  let stranger: { token: string; id: number };
  let base: string;
  const list = async (token = user.token, lang?: string) =>
    (await api.post<NoticePage>('notification/list', { limit: 50 }, { token, ...(lang ? { lang } : {}) })).body.message;
  const waitFor = (kindName: string, token = user.token, lang?: string) =>
    eventually(() => list(token, lang), (page) => page.list.some((notice) => notice.kind === kindName));

  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
    user = await registerUser(api, 'noticed@example.com');
    stranger = await registerUser(api, 'nosy@example.com');
  });

  it('tells a user their deposit was credited, in the language of the request', async () => {
    const addresses = (await api.post<{ usdt: string }>('wallet/get_in_address', {}, { token: user.token })).body.message;
    const credited = await api.post<{ applied: boolean }>('dev/chain/deposit', { network: 'trc20', address: addresses.usdt, currency_id: 3, tx_hash: '7'.repeat(64), amount: '250' });
    expect(credited.body.message).toMatchObject({ applied: true });
    const page = await waitFor('deposit_credited', user.token, 'zh');
    expect(page.list[0]).toMatchObject({ kind: 'deposit_credited', content: '充值到账：250 USDT', is_read: 0 });
    expect(page.unread).toBe(1);
    expect((await api.get<{ count: number }>('notification/unread', {}, { token: user.token })).body.message).toEqual({ count: 1 });
    expect((await list(stranger.token)).total).toBe(0);
  });

  it('tells a user their withdrawal was decided (from the core’s withdrawal events)', async () => {
    const applied = await app.core.execute({
      kind: 'withdraw_apply',
      key: 'notice-test-withdrawal',
      userId: user.id,
      currencyId: 3,
      wallet: 'change',
      network: 'trc20',
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      memo: '',
      amount: parseAmount('100'),
      fee: parseAmount('1'),
      recipientId: null,
      dayLimit: 0n,
    });
    const withdrawalId = applied.applied ? applied.withdrawalId! : 0;
    const operator = operatorCall(app, await operatorToken(app));
    expect((await operator('POST', `/withdrawals/${withdrawalId}/reject`, { reason: 'test' })).status).toBe(200);
    const page = await waitFor('withdrawal_rejected');
    expect(page.list[0]!.content).toBe('Withdrawal of 100 USDT rejected, the amount is back in your wallet');
  });

  it('tells a user the outcome of their identity review', async () => {
    const photos: string[] = [];
    for (const bytes of [TINY_PNG, TINY_JPEG, TINY_PNG]) {
      photos.push((await postFiles(app, '/api/upload', user.token, [{ filename: 'x.png', contentType: 'image/png', bytes }])).body.message);
    }
    const [front = '', reverse = '', hand = ''] = photos;
    await api.post('user/real_name', { name: 'Li Si', card_id: '11010519491231002x', front_pic: front, reverse_pic: reverse, hand_pic: hand }, { token: user.token });
    const operator = operatorCall(app, await operatorToken(app));
    expect((await operator('POST', `/kyc/${user.id}/reject`, { reason: 'blurred photo' })).status).toBe(200);
    const page = await waitFor('identity_rejected', user.token, 'spa');
    expect(page.list[0]!.content).toBe('Su verificación de identidad ha sido rechazada: blurred photo');
  });

  it('pushes a new notification to its owner’s sockets only, through the one function other modules call', async () => {
    const open = async (token: string) => {
      const socket = connect(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'], forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const mine: Socket = await open(user.token);
    const theirs: Socket = await open(stranger.token);
    mine.emit('login', user.id);
    theirs.emit('login', user.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pushes: unknown[] = [];
    const strangerPushes: unknown[] = [];
    mine.on('notification', (payload) => pushes.push(payload));
    theirs.on('notification', (payload) => strangerPushes.push(payload));
    await app.services.notifications.notify(user.id, 'position_liquidated', { pair: 'BTC/USDT' });
    await eventually(async () => pushes.length, (count) => count > 0);
    expect(pushes[0]).toMatchObject({ type: 'notification', user_id: user.id, kind: 'position_liquidated', unread: 4 });
    expect(strangerPushes).toEqual([]);
    expect((await list()).list[0]!.content).toBe('Your BTC/USDT position was liquidated');
    mine.close();
    theirs.close();
  });

  it('marks one notification read, refuses a stranger’s, and marks all read', async () => {
    const [newest] = (await list()).list;
    expect((await api.post('notification/read', { id: newest!.id }, { token: stranger.token })).body).toEqual({ type: 'error', message: 'notification not found' });
    expect((await api.post('notification/read', { id: 999999 }, { token: user.token })).body).toEqual({ type: 'error', message: 'notification not found' });
    expect((await list()).unread).toBe(4);
    expect((await api.post('notification/read', { id: newest!.id }, { token: user.token })).body).toEqual({ type: 'ok', message: { unread: 3 } });
    expect((await list()).list[0]!.is_read).toBe(1);
    expect((await api.post('notification/read', {}, { token: user.token })).body).toEqual({ type: 'ok', message: { unread: 0 } });
    expect((await api.post('notification/read', {})).body.type).toBe('999');
  });
});
