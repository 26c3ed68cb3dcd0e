import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from './wallet';

function replyWith(message: unknown) {
  const seen: { url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, body: typeof init.body === 'string' ? init.body : '' });
      return new Response(JSON.stringify({ type: 'ok', message }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = { id: 1, value: '5', lock_value: '0', info: 'Deposit', reason: 'deposit', created_time: '', account: 'change', currency: 3, currency_name: 'USDT' };

describe('walletApi', () => {
  it('asks wallet/legal_log with the wallet as its log type', async () => {
    const seen = replyWith({ list: [entry], page: 1, pages: 1, total: 1 });
    const page = await walletApi.log({ wallet: 'micro', currency: 3, page: 2, limit: 10 });
    expect(seen[0]?.url).toMatch(/^\/api\/wallet\/legal_log\?/);
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body))).toEqual({ type: '4', currency: '3', page: '2', limit: '10' });
    expect(page.list).toHaveLength(1);
  });

  it('reads account/list (entries under data) as a paged list', async () => {
    replyWith({ data: [entry], page: 3, pages: 4, total: 61 });
    expect(await walletApi.accountLog({ page: 3, limit: 20 })).toEqual({ list: [entry], page: 3, pages: 4, total: 61 });
  });

  it('reads the saved addresses as an array, also when nested', async () => {
    const address = { id: 7, currency: 3, currency_name: 'USDT', address: 'T1', notes: '', memo: '', active: 1 };
    replyWith([address]);
    expect(await walletApi.addresses({})).toEqual([address]);
    replyWith({ list: [address] });
    expect(await walletApi.addresses({ currency: 3 })).toEqual([address]);
    replyWith({});
    expect(await walletApi.addresses({})).toEqual([]);
  });

  it('sends a transfer with from_field and to_field, and a withdrawal without a client-side fee', async () => {
    const seen = replyWith('operation ok');
    await walletApi.transfer({ currency_id: 3, number: '150', from_field: 'change', to_field: 'lever' });
    await walletApi.withdraw({ currency: 3, number: '20', address: 'T1', pay_password: '123456', type: 'change', active: '1' });
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body))).toEqual({ currency_id: '3', number: '150', from_field: 'change', to_field: 'lever' });
    const withdrawal = Object.fromEntries(new URLSearchParams(seen[1]?.body));
    expect(withdrawal).toEqual({ currency: '3', number: '20', address: 'T1', pay_password: '123456', type: 'change', active: '1' });
    expect(withdrawal).not.toHaveProperty('charge');
  });
});
