import type { AddressInfo } from 'node:net';
import { LANGS, MESSAGE_CATALOGUE } from '@tessera/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../src/realtime/gateway';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { CASH, expectRefusal, trader, USDT, type Trader } from './support';

interface Ad {
  id: number;
  type: string;
  surplus_number: string;
  total_number: string;
  seller_name: string;
  status: string;
  is_mine: number;
  way: string;
}
interface Order {
  id: number;
  ad_id: number;
  type: string;
  role: string;
  is_sure: number;
  number: string;
  deal_money: string;
  cancel_reason: string;
  sell_cash_info: Record<string, string>;
  user_cash_info: Record<string, string>;
  hes_realname: string;
}
interface Page<T> {
  data: T[];
  total: number;
}

describeEachDatabase('c2c', (kind) => {
  let seller: Trader;
  let buyer: Trader;
  let stranger: Trader;
  let unverified: Trader;
  let unpaid: Trader;
  let alipayOnly: Trader;
  let base: string;

  const publish = (who: Trader, fields: Record<string, string | number>) =>
    api.post('c2c_send', { type: 'sell', currency_id: USDT, price: '7.2', total_number: '100', way: 'ali_pay,bank', ...fields }, { token: who.token });
  const take = (who: Trader, id: number, number?: string) => api.post<{ msg: string; id: number }>('c2c/do_legal_deal', { id, ...(number ? { number } : {}) }, { token: who.token });
  const act = (who: Trader, path: string, id: number) => api.post(path, { id }, { token: who.token });
  const order = async (who: Trader, id: number) => (await api.get<Order>('c2c_deal', { id }, { token: who.token })).body;
  const newestAd = async (who: Trader) => (await api.get<Page<Ad>>('c2c/seller_trade', {}, { token: who.token })).body.message.data[0] as Ad;
  const ok = { type: 'ok', message: 'operation ok' };

  const { app, api } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    seller = await trader(app, api, 'c2c-seller@example.com', { usdt: '1000' });
    buyer = await trader(app, api, 'c2c-buyer@example.com', { usdt: '500' });
    stranger = await trader(app, api, 'c2c-stranger@example.com', { usdt: '100' });
    unverified = await trader(app, api, 'c2c-unverified@example.com', { verified: false, usdt: '100' });
    unpaid = await trader(app, api, 'c2c-unpaid@example.com', { cash: null, usdt: '100' });
    alipayOnly = await trader(app, api, 'c2c-alipay@example.com', { cash: { real_name: 'Han Meimei', alipay_account: 'hmm@alipay.example' }, usdt: '100' });
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
  });

  describe('publishing', () => {
    it('answers 998 without verified identity and 997 without payment methods for the ways offered', async () => {
      await expectRefusal(app, () => publish(unverified, {}), 'not real-name verified', '998');
      await expectRefusal(app, () => publish(unpaid, {}), 'no payment info', '997');
      await expectRefusal(app, () => publish(alipayOnly, { way: 'bank' }), 'no payment info', '997');
      await expectRefusal(app, () => publish(unverified, { type: 'buy' }), 'not real-name verified', '998');
      await expectRefusal(app, () => publish(unpaid, { type: 'buy' }), 'no payment info', '997');
    });

    it('refuses each bad field, in the order the form checks them, and changes nothing', async () => {
      const refusals: [Record<string, string | number>, string][] = [
        [{ type: '' }, 'parameter error'],
        [{ type: 'swap' }, 'parameter error'],
        [{ currency_id: '' }, 'parameter error'],
        [{ currency_id: 999 }, 'currency not found'],
        [{ total_number: '' }, 'enter the number to sell'],
        [{ type: 'buy', total_number: '' }, 'enter the number to buy'],
        [{ total_number: 'ten' }, 'parameter error'],
        [{ total_number: '0' }, 'number must be greater than zero'],
        [{ total_number: '1.0000000000001' }, 'amount has more decimals than the currency allows'],
        [{ price: '' }, 'enter price'],
        [{ price: 'x' }, 'parameter error'],
        [{ price: '7.12345' }, 'price may have at most 4 decimals'],
        [{ price: '0' }, 'price must be greater than zero'],
        [{ way: '' }, 'choose payment method'],
        [{ way: 'paypal' }, 'parameter error'],
        [{ min_number: '101' }, 'minimum must not exceed total'],
        [{ min_number: '10', max_number: '5' }, 'maximum must not be below minimum'],
        [{ total_number: '5000' }, 'insufficient balance'],
      ];
      for (const [fields, message] of refusals) await expectRefusal(app, () => publish(seller, fields), message);
      expect(seller.legal()).toEqual({ available: '1000', locked: '0' });
    });

    it('translates the refusals into the seven languages', async () => {
      for (const lang of LANGS) {
        const reply = await api.post('c2c_send', { type: 'buy', currency_id: USDT, price: '7', total_number: '' }, { token: seller.token, lang });
        expect(reply.body).toEqual({ type: 'error', message: MESSAGE_CATALOGUE[lang]['enter the number to buy'] });
        const stranger = await api.get('c2c_deal', { id: 1 }, { token: seller.token, lang });
        expect(stranger.body).toEqual({ type: 'error', message: MESSAGE_CATALOGUE[lang]['order not found'] });
        const gated = await api.post('c2c_send', { type: 'sell' }, { token: unverified.token, lang });
        expect(gated.body).toEqual({ type: '998', message: MESSAGE_CATALOGUE[lang]['not real-name verified'] });
      }
      const zh = await api.post('c2c_send', { type: 'buy', currency_id: USDT, price: '7', total_number: '' }, { token: seller.token, lang: 'zh' });
      expect(zh.body).toEqual({ type: 'error', message: '请输入购买数量' });
      const ara = await api.post('c2c_send', { type: 'sell', currency_id: USDT, price: '7', total_number: '1', way: '' }, { token: seller.token, lang: 'ara' });
      expect(ara.body).toEqual({ type: 'error', message: 'يرجى اختيار طريقة الدفع' });
    });
  });

  describe('a sell ad', () => {
    let adId: number;

    it('escrows its coins from the publisher’s legal wallet and appears in the market', async () => {
      expect((await publish(seller, { min_number: '10', max_number: '50' })).body).toEqual(ok);
      expect(seller.legal()).toEqual({ available: '900', locked: '100' });
      const mine = await newestAd(seller);
      adId = mine.id;
      expect(mine).toMatchObject({ type: 'sell', total_number: '100.00000000', surplus_number: '100.00000000', status: 'open', is_mine: 1, way: 'ali_pay,bank' });
      const market = (await api.get<Page<Ad>>('c2c_deal_platform', { type: 'sell', currency_id: USDT }, { token: buyer.token })).body.message;
      const listed = market.data.find((ad) => ad.id === adId);
      expect(listed).toMatchObject({ seller_name: 'c2c****@example.com', surplus_number: '100.00000000', is_mine: 0 });
      const buyAds = (await api.get<Page<Ad>>('c2c_deal_platform', { type: 'buy' }, { token: buyer.token })).body.message;
      expect(buyAds.data.map((ad) => ad.id)).not.toContain(adId);
    });

    it('refuses its own publisher, numbers outside the ad’s bounds, missing setup, and unknown ads, changing nothing', async () => {
      await expectRefusal(app, () => take(seller, adId), 'cannot operate your own ad');
      await expectRefusal(app, () => take(buyer, adId, '5'), 'minimum amount not met');
      await expectRefusal(app, () => take(buyer, adId, '60'), 'amount above maximum');
      await expectRefusal(app, () => take(buyer, adId, '0'), 'number must be greater than zero');
      await expectRefusal(app, () => take(buyer, adId, '1.0000000000001'), 'amount has more decimals than the currency allows');
      await expectRefusal(app, () => take(buyer, 999_999), 'ad not found');
      await expectRefusal(app, () => take(unverified, adId), 'not real-name verified', '998');
      await expectRefusal(app, () => take(unpaid, adId), 'no payment info', '997');
    });

    it('answers 997 to a seller who cannot be paid by any way a buy ad offers', async () => {
      expect((await publish(buyer, { type: 'buy', total_number: '20', way: 'bank' })).body.type).toBe('ok');
      const buyAd = await newestAd(buyer);
      await expectRefusal(app, () => take(alipayOnly, buyAd.id), 'no payment info', '997');
      expect((await act(buyer, 'c2c/back_send', buyAd.id)).body.type).toBe('ok');
    });

    it('goes unpaid → paid → done with exactly the buyer’s and the seller’s actions, pushed live to both', async () => {
      const sellerSocket = await openSocket(seller);
      const buyerSocket = await openSocket(buyer);
      const sellerPushes = collect(sellerSocket);
      const buyerPushes = collect(buyerSocket);
      const taken = await take(buyer, adId, '40');
      expect(taken.body).toMatchObject({ type: 'ok', message: { msg: 'operation ok' } });
      const id = taken.body.message.id;
      expect((await newestAd(seller)).surplus_number).toBe('60.00000000');

      const seen = await order(buyer, id);
      expect(seen.message).toMatchObject({ id, ad_id: adId, type: 'sell', role: 'buyer', is_sure: 0, number: '40.00000000', deal_money: '288.00', hes_realname: 'Li Lei' });
      expect(seen.message.sell_cash_info).toMatchObject({ alipay_account: CASH.alipay_account, bank_account: CASH.bank_account });
      expect((await order(seller, id)).message).toMatchObject({ role: 'seller', is_sure: 0 });
      expect(await order(stranger, id)).toEqual({ type: 'error', message: 'order not found' });

      // forbidden while unpaid: the seller cannot pay or cancel, nobody can release, strangers nothing
      await expectRefusal(app, () => act(seller, 'c2c/user_legal_pay', id), 'only the buyer can do this');
      await expectRefusal(app, () => act(seller, 'c2c/user_legal_pay_cancel', id), 'only the buyer can do this');
      await expectRefusal(app, () => act(buyer, 'c2c/legal_deal_sure', id), 'only the seller can do this');
      await expectRefusal(app, () => act(seller, 'c2c/legal_deal_sure', id), 'the buyer has not paid yet');
      await expectRefusal(app, () => act(seller, 'c2c/legal_deal_user_sure', id), 'the buyer has not paid yet');
      for (const path of ['c2c/user_legal_pay', 'c2c/user_legal_pay_cancel', 'c2c/legal_deal_sure', 'c2c/legal_deal_user_sure']) {
        await expectRefusal(app, () => act(stranger, path, id), 'order not found');
      }

      expect((await act(buyer, 'c2c/user_legal_pay', id)).body).toEqual(ok);
      expect((await order(seller, id)).message.is_sure).toBe(3);
      // forbidden once paid: the buyer can neither cancel nor pay again
      await expectRefusal(app, () => act(buyer, 'c2c/user_legal_pay_cancel', id), 'order already handled');
      await expectRefusal(app, () => act(buyer, 'c2c/user_legal_pay', id), 'order already handled');
      expect(seller.legal()).toEqual({ available: '900', locked: '100' });

      expect((await act(seller, 'c2c/legal_deal_sure', id)).body).toEqual(ok);
      expect((await order(buyer, id)).message.is_sure).toBe(1);
      expect(seller.legal()).toEqual({ available: '900', locked: '60' });
      expect(buyer.legal()).toEqual({ available: '540', locked: '0' });
      // done offers no action
      for (const [who, path] of [
        [seller, 'c2c/legal_deal_sure'],
        [buyer, 'c2c/user_legal_pay_cancel'],
        [buyer, 'c2c/user_legal_pay'],
      ] as const) {
        await expectRefusal(app, () => act(who, path, id), 'order already handled');
      }

      await until(() => buyerPushes.length >= 3 && sellerPushes.length >= 3);
      expect(buyerPushes.map((push) => push.is_sure)).toEqual([0, 3, 1]);
      expect(sellerPushes).toEqual([
        { type: 'c2c_order', id, ad_id: adId, is_sure: 0, role: 'seller', appealed: 0 },
        { type: 'c2c_order', id, ad_id: adId, is_sure: 3, role: 'seller', appealed: 0 },
        { type: 'c2c_order', id, ad_id: adId, is_sure: 1, role: 'seller', appealed: 0 },
      ]);
      sellerSocket.close();
      buyerSocket.close();
    });

    it('takes the remainder within the maximum by default; a cancelled order’s coins go back to the ad', async () => {
      const taken = await take(buyer, adId);
      const id = taken.body.message.id;
      expect((await order(buyer, id)).message.number).toBe('50.00000000');
      expect((await newestAd(seller)).surplus_number).toBe('10.00000000');
      expect((await act(buyer, 'c2c/user_legal_pay_cancel', id)).body).toEqual(ok);
      expect((await order(seller, id)).message).toMatchObject({ is_sure: 2, cancel_reason: 'buyer' });
      expect((await newestAd(seller)).surplus_number).toBe('60.00000000');
      expect(seller.legal()).toEqual({ available: '900', locked: '60' });
      // cancelled offers no action
      await expectRefusal(app, () => act(buyer, 'c2c/user_legal_pay', id), 'order already handled');
      await expectRefusal(app, () => act(seller, 'c2c/legal_deal_sure', id), 'order already handled');
    });

    it('is withdrawn only by its publisher, releasing what no order holds; running orders go on', async () => {
      const running = (await take(buyer, adId, '20')).body.message.id;
      await expectRefusal(app, () => act(stranger, 'c2c/back_send', adId), 'ad not found');
      await expectRefusal(app, () => act(buyer, 'c2c/back_send', adId), 'ad not found');
      expect((await act(seller, 'c2c/back_send', adId)).body).toEqual(ok);
      expect(seller.legal()).toEqual({ available: '940', locked: '20' });
      expect((await newestAd(seller)).status).toBe('withdrawn');
      await expectRefusal(app, () => act(seller, 'c2c/back_send', adId), 'ad already withdrawn');
      await expectRefusal(app, () => take(stranger, adId, '10'), 'ad not found');
      const market = (await api.get<Page<Ad>>('c2c_deal_platform', { type: 'sell' }, { token: buyer.token })).body.message;
      expect(market.data.map((ad) => ad.id)).not.toContain(adId);
      // the running order's coins go to the seller, not back to a withdrawn ad
      expect((await act(buyer, 'c2c/user_legal_pay_cancel', running)).body).toEqual(ok);
      expect(seller.legal()).toEqual({ available: '960', locked: '0' });
    });

    it('lists the publisher’s orders per ad, to the publisher only', async () => {
      const list = (await api.get<Page<Order>>('c2c/legal_send_deal_list', { id: adId }, { token: seller.token })).body.message;
      expect(list.total).toBe(3);
      expect(list.data.map((item) => item.is_sure)).toEqual([2, 2, 1]);
      expect((await api.get('c2c/legal_send_deal_list', { id: adId }, { token: buyer.token })).body).toEqual({ type: 'error', message: 'ad not found' });
      const mine = (await api.get<Page<Order>>('c2c_user_deal', {}, { token: buyer.token })).body.message;
      expect(mine.data.map((item) => item.role)).toEqual(['buyer', 'buyer', 'buyer']);
      expect((await api.get<Page<Order>>('c2c_user_deal', {}, { token: stranger.token })).body.message.total).toBe(0);
    });
  });

  describe('a buy ad', () => {
    let adId: number;

    it('escrows nothing until someone sells into it; then the taker’s coins are escrowed', async () => {
      const before = buyer.legal();
      expect((await publish(buyer, { type: 'buy', total_number: '30', price: '7', way: 'we_chat' })).body).toEqual(ok);
      expect(buyer.legal()).toEqual(before);
      adId = (await newestAd(buyer)).id;
      const market = (await api.get<Page<Ad>>('c2c_deal_platform', { type: 'buy' }, { token: stranger.token })).body.message;
      expect(market.data.map((ad) => ad.id)).toContain(adId);
      await expectRefusal(app, () => take(stranger, adId, '31'), 'above the ad remainder');
      await expectRefusal(app, () => take(stranger, adId, '30.5'), 'above the ad remainder');
      const poor = await trader(app, api, 'c2c-poor@example.com');
      await expectRefusal(app, () => take(poor, adId, '10'), 'insufficient balance');
    });

    it('lets the publisher (the buyer) pay or cancel and the taker (the seller) confirm', async () => {
      const id = (await take(stranger, adId, '10')).body.message.id;
      expect(stranger.legal()).toEqual({ available: '90', locked: '10' });
      expect((await order(stranger, id)).message).toMatchObject({ type: 'buy', role: 'seller' });
      expect((await order(buyer, id)).message).toMatchObject({ type: 'buy', role: 'buyer', deal_money: '70.00' });
      await expectRefusal(app, () => act(stranger, 'c2c/user_legal_pay', id), 'only the buyer can do this');
      await expectRefusal(app, () => act(stranger, 'c2c/legal_deal_user_sure', id), 'the buyer has not paid yet');
      await expectRefusal(app, () => act(seller, 'c2c/user_legal_pay', id), 'order not found');
      expect((await act(buyer, 'c2c/user_legal_pay', id)).body).toEqual(ok);
      await expectRefusal(app, () => act(buyer, 'c2c/legal_deal_user_sure', id), 'only the seller can do this');
      const buyerBefore = buyer.legal();
      expect((await act(stranger, 'c2c/legal_deal_user_sure', id)).body).toEqual(ok);
      expect(stranger.legal()).toEqual({ available: '90', locked: '0' });
      expect(buyer.legal().available).toBe(String(Number(buyerBefore.available) + 10));

      // cancelled by the publisher as buyer: the taker's escrow comes back, the ad's remainder too
      const second = (await take(stranger, adId, '5')).body.message.id;
      expect(stranger.legal()).toEqual({ available: '85', locked: '5' });
      expect((await act(buyer, 'c2c/user_legal_pay_cancel', second)).body).toEqual(ok);
      expect(stranger.legal()).toEqual({ available: '90', locked: '0' });
      expect((await newestAd(buyer)).surplus_number).toBe('20.00000000');
      expect((await act(buyer, 'c2c/back_send', adId)).body).toEqual(ok);
      // no order runs on it any more: a second withdrawal is still told so
      await expectRefusal(app, () => act(buyer, 'c2c/back_send', adId), 'ad already withdrawn');
      await expectRefusal(app, () => take(stranger, adId, '1'), 'ad not found');
    });
  });

  describe('limits', () => {
    it('allows at most 3 unfinished orders per taker, and restricts fiat trading after three cancellations in a day', async () => {
      expect((await publish(seller, { total_number: '100', way: 'ali_pay' })).body).toEqual(ok);
      const adId = (await newestAd(seller)).id;
      const taker = await trader(app, api, 'c2c-canceller@example.com', { usdt: '10' });
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await take(taker, adId, '1')).body.message.id);
      await expectRefusal(app, () => take(taker, adId, '1'), 'more than 3 unfinished orders');
      for (const id of ids) expect((await act(taker, 'c2c/user_legal_pay_cancel', id)).body).toEqual(ok);
      await expectRefusal(app, () => take(taker, adId, '1'), 'daily cancel count exceeded');
      await expectRefusal(app, () => publish(taker, { total_number: '1', way: 'ali_pay' }), 'daily cancel count exceeded');
      // the restriction is the canceller's alone
      const id = (await take(stranger, adId, '1')).body.message.id;
      expect((await act(stranger, 'c2c/user_legal_pay_cancel', id)).body).toEqual(ok);
      expect((await act(seller, 'c2c/back_send', adId)).body).toEqual(ok);
    });
  });

  async function openSocket(who: Trader): Promise<Socket> {
    const socket = connect(base, { path: SOCKET_PATH, auth: { token: who.token }, transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.emit('login', who.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return socket;
  }
});

function collect(socket: Socket): { is_sure: number }[] {
  const pushes: { is_sure: number }[] = [];
  socket.on('c2c_order', (push: { is_sure: number }) => pushes.push(push));
  return pushes;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
}
