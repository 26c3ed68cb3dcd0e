import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

describeEachDatabase('configuration, QR codes and currencies', (kind) => {
  const { app, api } = useTestApp(kind);

  it('gives the support link (pc) and the app links', async () => {
    const kefu = await api.get<{ pc: string; mobile: string }>('cfg/kefu');
    expect(kefu.body.message.pc).toBe(app.config.SUPPORT_URL);
    const custorm = await api.get<{ app_download: string }>('custorm');
    expect(custorm.body.message.app_download).toBe(app.config.APP_DOWNLOAD_URL);
  });

  it('draws a real PNG QR code', async () => {
    const reply = await app.http.inject({ method: 'GET', url: '/api/qrcode?text=TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(reply.rawPayload.length).toBeGreaterThan(200);
  });

  it('refuses a QR code without text', async () => {
    const reply = await api.get('qrcode');
    expect(reply.body).toEqual({ type: 'error', message: 'parameter error' });
  });

  it('lists fiat currencies with CNY first, and the listed currencies with their wallet flags', async () => {
    const reply = await api.get<{ legal: { id: number; name: string }[]; currencies: { id: number; name: string; is_legal: number }[] }>(
      'currency/list',
    );
    expect(reply.body.message.legal[0]?.name).toBe('CNY');
    const byId = new Map(reply.body.message.currencies.map((currency) => [currency.id, currency]));
    expect(byId.get(1)?.name).toBe('BTC');
    expect(byId.get(2)?.name).toBe('ETH');
    expect(byId.get(3)?.name).toBe('USDT');
    expect(byId.get(30)?.name).toBe('USDC');
    expect(byId.get(3)?.is_legal).toBe(1);
  });

  it('details a currency with its description in the reader language', async () => {
    const en = await api.get<{ name: string; desc: string }>('currency/detail', { id: 1 });
    const zh = await api.get<{ name: string; desc: string }>('currency/detail', { id: 1, lang: 'zh' });
    expect(en.body.message.name).toBe('BTC');
    expect(en.body.message.desc.length).toBeGreaterThan(50);
    expect(zh.body.message.desc).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses an unknown or malformed currency id', async () => {
    expect((await api.get('currency/detail', { id: 9999 })).body).toEqual({ type: 'error', message: 'currency not found' });
    expect((await api.get('currency/detail', { id: 'btc' })).body).toEqual({ type: 'error', message: 'parameter error' });
  });

  it('seeds spot pairs against USDT with precisions and fees', async () => {
    const pairs = await app.db.query<{ legal_id: number; price_precision: number; taker_fee: string }>(
      'select legal_id, price_precision, taker_fee from currency_pairs',
    );
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    expect(pairs.every((pair) => pair.legal_id === 3)).toBe(true);
    expect(typeof pairs[0]?.taker_fee).toBe('string');
  });
});
