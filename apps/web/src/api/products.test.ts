import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptorApi } from './acceptor';
import { notificationApi } from './notifications';
import { upstartApi } from './upstart';

function replyWith(...messages: unknown[]) {
  const seen: { url: string; method: string; body: string }[] = [];
  let next = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? init.body : '' });
      const message = messages[Math.min(next++, messages.length - 1)];
      return new Response(JSON.stringify({ type: 'ok', message }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

const form = (body: string | undefined) => Object.fromEntries(new URLSearchParams(body));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upstartApi', () => {
  it('reads the price as text, also when the server sends a number', async () => {
    const seen = replyWith({ price: 0.8 }, { price: '1.25' });
    expect(await upstartApi.price()).toBe('0.8');
    expect(await upstartApi.price()).toBe('1.25');
    expect(seen[0]).toMatchObject({ method: 'POST' });
    expect(seen[0]?.url).toMatch(/^\/api\/bi\/price\?/);
  });

  it('subscribes with amount and the paid currency, and unlocks by id', async () => {
    const seen = replyWith('subscription success');
    await upstartApi.order({ amount: '300', buymoney: 'USDT' });
    await upstartApi.unlock(42);
    expect(form(seen[0]?.body)).toEqual({ amount: '300', buymoney: 'USDT' });
    expect(seen[1]?.url).toMatch(/^\/api\/user\/unlock\?/);
    expect(form(seen[1]?.body)).toEqual({ id: '42' });
  });
});

describe('acceptorApi', () => {
  it('sends each decision to its own call and the deal with every field', async () => {
    const seen = replyWith('ok');
    await acceptorApi.decide('paid', 9);
    await acceptorApi.confirmReceived(9);
    await acceptorApi.deal({ acceptor_id: 5, type: 'buy', way: 'bank', mobile: '13800138000', deal_account: 'A1', money: '100' });
    expect(seen.map((call) => new URL(call.url, 'http://x').pathname)).toEqual(['/api/acceptor/paid', '/api/acceptor/user_confirm', '/api/acceptor/deal']);
    expect(form(seen[2]?.body)).toEqual({ acceptor_id: '5', type: 'buy', way: 'bank', mobile: '13800138000', deal_account: 'A1', money: '100' });
  });

  it('asks for the caller’s deals without a type when none is chosen', async () => {
    const seen = replyWith({ list: [], page: 1, pages: 1, total: 0 });
    await acceptorApi.myDeals({ page: 1, limit: 10 });
    const query = new URL(seen[0]?.url ?? '', 'http://x').searchParams;
    expect(seen[0]?.method).toBe('GET');
    expect(query.has('type')).toBe(false);
    expect(query.get('limit')).toBe('10');
  });
});

describe('notificationApi', () => {
  it('reads the unread count and what is left after marking read; all of them without an id', async () => {
    const seen = replyWith({ count: 3 }, { unread: 0 });
    expect(await notificationApi.unread()).toBe(3);
    expect(await notificationApi.read()).toBe(0);
    expect(form(seen[1]?.body)).toEqual({});
  });
});
