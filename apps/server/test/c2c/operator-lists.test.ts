import { afterAll, beforeAll, expect, it } from 'vitest';
import { operatorCall, operatorToken } from '../support/accounts';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { postFiles, TINY_PNG } from '../support/multipart';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';
import { trader, USDT, type Trader } from './support';

interface OrderItem {
  id: number;
  is_sure: number;
  buyer_id: number;
  seller_id: number;
  buyer_account: string;
  seller_account: string;
  number: string;
  appeal_message: string;
  appeal_image: string;
}
interface Listed<T> {
  list: T[];
  page: number;
  pages: number;
  total: number;
}

/** Operators read every c2c ad and order, paged on the server, filtered, and as CSV. */
describeEachDatabase('c2c operator lists', (kind) => {
  const time = manualClock();
  let app: TestApp;
  let operator: ReturnType<typeof operatorCall>;
  let seller: Trader;
  let buyer: Trader;
  let paidId: number;
  let appealedId: number;
  let unpaidId: number;

  beforeAll(async () => {
    app = await createTestApp(kind, { clock: time.clock });
    const api = apiClient(app);
    operator = operatorCall(app, await operatorToken(app));
    seller = await trader(app, api, 'lists-seller@example.com', { usdt: '100' });
    buyer = await trader(app, api, 'lists-buyer@example.com');
    expect((await api.post('c2c_send', { type: 'sell', currency_id: USDT, price: '7', total_number: '100', way: 'bank' }, { token: seller.token })).body.type).toBe('ok');
    const adId = (await api.get<{ data: { id: number }[] }>('c2c/seller_trade', {}, { token: seller.token })).body.message.data[0]?.id ?? 0;
    const take = async () => (await api.post<{ id: number }>('c2c/do_legal_deal', { id: adId, number: '10' }, { token: buyer.token })).body.message.id;
    paidId = await take();
    expect((await api.post('c2c/user_legal_pay', { id: paidId }, { token: buyer.token })).body.type).toBe('ok');
    appealedId = await take();
    expect((await api.post('c2c/user_legal_pay', { id: appealedId }, { token: buyer.token })).body.type).toBe('ok');
    unpaidId = await take();
    time.advanceMinutes(31);
    const image = (await postFiles(app, '/api/upload', buyer.token, [{ filename: 'proof.png', contentType: 'image/png', bytes: TINY_PNG }])).body.message as string;
    expect((await api.post('c2c/appeal', { id: appealedId, message: 'paid by bank', image }, { token: buyer.token })).body.type).toBe('ok');
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every order with both parties, newest first, and filters by state and party', async () => {
    const all = (await operator('GET', '/c2c/orders?limit=2')).body as unknown as Listed<OrderItem>;
    expect(all).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(all.list.map((order) => order.id)).toEqual([unpaidId, appealedId]);
    expect(all.list[0]).toMatchObject({ buyer_id: buyer.id, seller_id: seller.id, buyer_account: 'lists-buyer@example.com', seller_account: 'lists-seller@example.com' });
    expect(Number(all.list[0]?.number)).toBe(10);

    const appealed = (await operator('GET', '/c2c/orders?state=appealed')).body as unknown as Listed<OrderItem>;
    expect(appealed.list.map((order) => order.id)).toEqual([appealedId]);
    expect(appealed.list[0]?.appeal_message).toBe('paid by bank');
    expect(appealed.list[0]?.appeal_image).not.toBe('');

    const paid = (await operator('GET', '/c2c/orders?state=3')).body as unknown as Listed<OrderItem>;
    expect(paid.list.map((order) => order.id).sort()).toEqual([paidId, appealedId].sort());
    const unpaid = (await operator('GET', '/c2c/orders?state=0')).body as unknown as Listed<OrderItem>;
    expect(unpaid.list.map((order) => order.id)).toEqual([unpaidId]);
    const stranger = (await operator('GET', `/c2c/orders?user_id=${seller.id + buyer.id + 1000}`)).body as unknown as Listed<OrderItem>;
    expect(stranger.total).toBe(0);
  });

  it('lists ads with their publisher, filtered by status, type and account', async () => {
    const open = (await operator('GET', '/c2c/ads?status=open&type=sell&account=lists-seller')).body as unknown as Listed<{ user_id: number; user_account: string; surplus_number: string }>;
    expect(open.total).toBe(1);
    expect(open.list[0]).toMatchObject({ user_id: seller.id, user_account: 'lists-seller@example.com' });
    expect(Number(open.list[0]?.surplus_number)).toBe(70);
    expect(((await operator('GET', '/c2c/ads?type=buy')).body as unknown as Listed<unknown>).total).toBe(0);
    // the account filter is text, not a pattern: % and _ match only themselves
    expect(((await operator('GET', '/c2c/ads?account=%25')).body as unknown as Listed<unknown>).total).toBe(0);
    expect(((await operator('GET', '/c2c/ads?account=lists_seller')).body as unknown as Listed<unknown>).total).toBe(0);
  });

  it('exports the filtered orders as CSV', async () => {
    const reply = await app.http.inject({ method: 'GET', url: '/admin/api/c2c/orders?state=appealed&format=csv', headers: { authorization: `Bearer ${await operatorToken(app)}` } });
    expect(reply.headers['content-type']).toContain('text/csv');
    const lines = reply.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('buyer_account');
    expect(lines[1]).toContain('lists-buyer@example.com');
  });

  it('refuses a state or a type it does not know, with a 400 and no rows', async () => {
    for (const url of ['/c2c/orders?state=9', '/c2c/ads?type=swap', '/c2c/orders?user_id=abc']) {
      const reply = await operator('GET', url);
      expect(reply.status).toBe(400);
      expect(reply.body).not.toHaveProperty('list');
    }
  });
});
