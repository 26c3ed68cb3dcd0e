import { beforeAll, expect, it } from 'vitest';
import { operatorCall, operatorToken } from '../support/accounts';
import { manualClock } from '../support/clock';
import { postFiles, TINY_PNG } from '../support/multipart';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { expectRefusal, trader, USDT, type Trader } from './support';

/** The operator API's refusal of a ruling on an order that is not (or no longer) under appeal. */
const HANDLED = { status: 409, body: { error: 'order already handled' } };

interface Order {
  is_sure: number;
  cancel_reason: string;
  appeal: { can_appeal: number; appeal_from: string; appealed: number; by_me: number; message: string; image: string; resolution: string };
}

/**
 * Once an order is paid and the seller has not released it within the appeal window (an operator
 * setting), either side may appeal; an operator then releases the coins to the buyer or returns
 * them to the seller, and the ruling goes to the operator log.
 */
describeEachDatabase('c2c disputes', (kind) => {
  const time = manualClock();
  let operator: ReturnType<typeof operatorCall>;
  let seller: Trader;
  let buyer: Trader;
  let stranger: Trader;
  let adId: number;

  const act = (who: Trader, path: string, fields: Record<string, string | number>) => api.post(path, fields, { token: who.token });
  const order = async (who: Trader, id: number) => (await api.get<Order>('c2c_deal', { id }, { token: who.token })).body.message;
  const proof = async (who: Trader) => (await postFiles(app, '/api/upload', who.token, [{ filename: 'proof.png', contentType: 'image/png', bytes: TINY_PNG }])).body.message as string;
  async function paidOrder(): Promise<number> {
    const taken = await api.post<{ id: number }>('c2c/do_legal_deal', { id: adId, number: '10' }, { token: buyer.token });
    const id = taken.body.message.id;
    expect((await act(buyer, 'c2c/user_legal_pay', { id })).body.type).toBe('ok');
    return id;
  }

  const { app, api } = useTestApp(kind, { audit: true, clock: time.clock });
  beforeAll(async () => {
    operator = operatorCall(app, await operatorToken(app));
    seller = await trader(app, api, 'dispute-seller@example.com', { usdt: '100' });
    buyer = await trader(app, api, 'dispute-buyer@example.com');
    stranger = await trader(app, api, 'dispute-stranger@example.com');
    expect((await act(seller, 'c2c_send', { type: 'sell', currency_id: USDT, price: '7', total_number: '100', way: 'bank' })).body.type).toBe('ok');
    adId = (await api.get<{ data: { id: number }[] }>('c2c/seller_trade', {}, { token: seller.token })).body.message.data[0]?.id ?? 0;
  });

  it('refuses an appeal before the window ends, without a message or image, with another’s image, or from a stranger', async () => {
    const id = await paidOrder();
    const image = await proof(buyer);
    expect((await order(buyer, id)).appeal).toMatchObject({ can_appeal: 0, appealed: 0 });
    await expectRefusal(app, () => act(buyer, 'c2c/appeal', { id, message: 'paid, not released', image }), 'this order cannot be appealed yet');
    time.advanceMinutes(30);
    expect((await order(seller, id)).appeal.can_appeal).toBe(1);
    await expectRefusal(app, () => act(buyer, 'c2c/appeal', { id, image }), 'enter the appeal message');
    await expectRefusal(app, () => act(buyer, 'c2c/appeal', { id, message: 'paid, not released' }), 'upload a proof image');
    await expectRefusal(app, () => act(seller, 'c2c/appeal', { id, message: 'not received', image }), 'photo not found, upload it again');
    const strangersImage = await proof(stranger);
    await expectRefusal(app, () => act(stranger, 'c2c/appeal', { id, message: 'me too', image: strangersImage }), 'order not found');
    // an unpaid order cannot be appealed
    const unpaid = (await api.post<{ id: number }>('c2c/do_legal_deal', { id: adId, number: '10' }, { token: buyer.token })).body.message.id;
    await expectRefusal(app, () => act(buyer, 'c2c/appeal', { id: unpaid, message: 'early', image }), 'order already handled');
    expect((await act(buyer, 'c2c/user_legal_pay_cancel', { id: unpaid })).body.type).toBe('ok');
  });

  it('lets the buyer appeal once; an operator releases the coins to the buyer, logged with before and after', async () => {
    const id = await paidOrder();
    time.advanceMinutes(30);
    const image = await proof(buyer);
    expect((await act(buyer, 'c2c/appeal', { id, message: 'I paid by bank transfer', image })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await order(seller, id)).appeal).toMatchObject({ appealed: 1, by_me: 0, message: 'I paid by bank transfer', image });
    const sellersImage = await proof(seller);
    await expectRefusal(app, () => act(seller, 'c2c/appeal', { id, message: 'not received', image: sellersImage }), 'order already appealed');

    const listed = await operator('GET', '/c2c/appeals');
    expect(listed.status).toBe(200);
    expect((listed.body.data as { id: number }[]).map((item) => item.id)).toContain(id);
    const before = buyer.legal();
    const ruled = await operator('POST', `/c2c/orders/${id}/resolve`, { outcome: 'release', note: 'bank slip checked' });
    expect(ruled).toEqual({ status: 200, body: { ok: true, is_sure: 1 } });
    expect(Number(buyer.legal().available)).toBe(Number(before.available) + 10);
    expect((await order(buyer, id)).appeal.resolution).toBe('release');
    const [logged] = await app.db.query<{ action: string; user_id: number; target: string; before: { is_sure: number }; after: { is_sure: number; note: string } }>(
      `select action, user_id, target, before, after from operator_log where action like 'c2c.%' order by id desc limit 1`,
    );
    expect(logged).toMatchObject({ action: 'c2c.release', user_id: buyer.id, target: `c2c_order:${id}`, before: { is_sure: 3 }, after: { is_sure: 1, note: 'bank slip checked' } });
    // a ruled order takes no second ruling
    expect(await operator('POST', `/c2c/orders/${id}/resolve`, { outcome: 'return' })).toEqual(HANDLED);
  });

  it('lets the seller appeal; an operator returns the coins to the seller', async () => {
    const id = await paidOrder();
    // without an appeal, an operator cannot rule
    expect(await operator('POST', `/c2c/orders/${id}/resolve`, { outcome: 'return' })).toEqual(HANDLED);
    time.advanceMinutes(31);
    expect((await act(seller, 'c2c/appeal', { id, message: 'no money arrived', image: await proof(seller) })).body.type).toBe('ok');
    const before = seller.legal();
    expect((await operator('POST', `/c2c/orders/${id}/resolve`, { outcome: 'return' })).body).toEqual({ ok: true, is_sure: 2 });
    expect(Number(seller.legal().available)).toBe(Number(before.available) + 10);
    expect(Number(seller.legal().locked)).toBe(Number(before.locked) - 10);
    expect(await order(buyer, id)).toMatchObject({ is_sure: 2, cancel_reason: 'operator', appeal: { resolution: 'return' } });
    // the seller can no longer release it
    await expectRefusal(app, () => act(seller, 'c2c/legal_deal_sure', { id }), 'order already handled');
  });

  it('takes the appeal window from the operator setting, and logs the change', async () => {
    expect((await operator('PUT', '/settings/c2c', { appeal_minutes: 0 })).body).toEqual({ ok: true });
    expect((await operator('GET', '/settings/c2c')).body).toEqual({ appeal_minutes: 0 });
    const id = await paidOrder();
    expect((await act(buyer, 'c2c/appeal', { id, message: 'right away', image: await proof(buyer) })).body.type).toBe('ok');
    expect((await operator('PUT', '/settings/c2c', { appeal_minutes: -1 })).status).not.toBe(200);
    const [logged] = await app.db.query<{ before: unknown; after: unknown }>(`select before, after from operator_log where action = 'settings.c2c_appeal_minutes'`);
    expect(logged).toEqual({ before: 30, after: 0 });
    // the seller may still release an appealed order before any ruling
    expect((await act(seller, 'c2c/legal_deal_sure', { id })).body.type).toBe('ok');
    expect(await operator('POST', `/c2c/orders/${id}/resolve`, { outcome: 'return' })).toEqual(HANDLED);
  });

  it('stores an appeal image as /uploads/<name> only, whatever host the URL named', async () => {
    const id = await paidOrder();
    time.advanceMinutes(30);
    const image = await proof(buyer);
    expect((await act(buyer, 'c2c/appeal', { id, message: 'see the slip', image: `https://evil.example${image}` })).body.type).toBe('ok');
    const [row] = await app.db.query<{ appeal_image: string }>('select appeal_image from c2c_orders where id = $1', [id]);
    expect(row!.appeal_image).toBe(image);
    expect(await operator('POST', `/c2c/orders/${id}/resolve`, { outcome: 'return' })).toMatchObject({ status: 200 });
  });
});
