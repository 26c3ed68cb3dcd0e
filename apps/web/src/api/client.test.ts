import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@tessera/protocol';
import { ApiError, call, configureApi, send, upload } from './client';
import { userApi } from './endpoints';

interface Seen {
  url: string;
  init: RequestInit;
}

function replyWith(body: unknown, status = 200) {
  const seen: Seen[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

let token: string | null = null;
let lang: Lang = 'en';
const notLoggedIn = vi.fn();

beforeEach(() => {
  token = null;
  lang = 'en';
  notLoggedIn.mockReset();
  configureApi({ getToken: () => token, getLang: () => lang, onNotLoggedIn: notLoggedIn });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requests', () => {
  it('sends GET parameters in the query with the cache-busting timestamp', async () => {
    const seen = replyWith({ type: 'ok', message: {} });
    await call('GET', 'news/list', { c_id: 4 });
    expect(seen[0]?.url).toMatch(/^\/api\/news\/list\?c_id=4&_timespan=\d+$/);
    expect(seen[0]?.init.method).toBe('GET');
    expect(seen[0]?.init.body).toBeUndefined();
  });

  it('sends POST bodies form-urlencoded and the raw token, and no lang header', async () => {
    token = 'abc123';
    const seen = replyWith({ type: 'ok', message: 'x' });
    await call('POST', 'user/login', { user_string: 'a@b.io', password: 'secret1', type: 1 });
    const headers = seen[0]?.init.headers as Record<string, string>;
    expect(seen[0]?.url).toMatch(/^\/api\/user\/login\?_timespan=\d+$/);
    expect(seen[0]?.init.body).toBe('user_string=a%40b.io&password=secret1&type=1');
    expect(headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(headers.Authorization).toBe('abc123');
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('lang');
  });

  it('sends no Authorization header without a token', async () => {
    const seen = replyWith({ type: 'ok', message: 'x' });
    await call('GET', 'cfg/kefu');
    expect(Object.keys(seen[0]?.init.headers as object)).not.toContain('Authorization');
  });
});

describe('replies', () => {
  it('resolves with the message on ok', async () => {
    replyWith({ type: 'ok', message: { pc: 'https://chat', mobile: '' } });
    await expect(call('GET', 'cfg/kefu')).resolves.toEqual({ pc: 'https://chat', mobile: '' });
  });

  it('rejects a refusal with its key translated into the current language', async () => {
    lang = 'zh';
    replyWith({ type: 'error', message: 'please log in' });
    const error = await call('GET', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('refusal');
    expect((error as ApiError).key).toBe('please log in');
    expect((error as ApiError).text).toBe('请登录');
  });

  it('shows an unknown key as it is', async () => {
    replyWith({ type: 'error', message: 'something new happened' });
    const error = (await call('GET', 'x').catch((e: unknown) => e)) as ApiError;
    expect(error.text).toBe('something new happened');
  });

  it('ends the session on 999 and rejects', async () => {
    replyWith({ type: '999', message: 'please log in' });
    const error = (await call('GET', 'user/info').catch((e: unknown) => e)) as ApiError;
    expect(notLoggedIn).toHaveBeenCalledWith('please log in');
    expect(error.kind).toBe('session');
  });

  it('accepts 999 given as a number', async () => {
    replyWith({ type: 999, message: 'login expired, please log in again' });
    await call('GET', 'user/info').catch(() => undefined);
    expect(notLoggedIn).toHaveBeenCalledWith('login expired, please log in again');
  });

  it('keeps quiet on 999 when asked (logout)', async () => {
    replyWith({ type: '999', message: 'please log in' });
    await send('POST', 'user/logout', {}, { quietSession: true });
    expect(notLoggedIn).not.toHaveBeenCalled();
  });

  it('logs network failures and rejects without translating', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    const error = (await call('GET', 'x').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(log).toHaveBeenCalled();
  });

  it('reads the message of a transport refusal (HTTP 429)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    replyWith({ type: 'error', message: 'too many requests, please slow down' }, 429);
    const error = (await call('GET', 'x').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('http');
    expect(error.status).toBe(429);
    expect(error.key).toBe('too many requests, please slow down');
  });
});

describe('login', () => {
  it('takes the token and flags from the reply', async () => {
    replyWith({ type: 'ok', message: 'tok-1', token: 'tok-1', is_vistor: 1, account: 'demo@tessera.test' });
    await expect(userApi.guestLogin()).resolves.toEqual({
      token: 'tok-1',
      isVistor: true,
      account: 'demo@tessera.test',
    });
  });

  it('falls back to the message when the top-level token is missing', async () => {
    replyWith({ type: 'ok', message: 'tok-2' });
    await expect(userApi.login('13812345678', 'secret1')).resolves.toMatchObject({ token: 'tok-2', isVistor: false });
  });

  it('rejects a refused login with the translated key', async () => {
    lang = 'spa';
    replyWith({ type: 'error', message: 'wrong account or password' });
    const error = (await userApi.login('a', 'bbbbbb').catch((e: unknown) => e)) as ApiError;
    expect(error.key).toBe('wrong account or password');
    expect(error.text).not.toBe('wrong account or password');
  });
});

describe('uploads', () => {
  it('sends one file as multipart field "file" with the raw token and no hand-made content type', async () => {
    token = 'tok-9';
    const seen = replyWith({ type: 'ok', message: '/uploads/abc.png' });
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await expect(upload('upload', file, 'id.png')).resolves.toBe('/uploads/abc.png');
    const headers = seen[0]?.init.headers as Record<string, string>;
    expect(seen[0]?.url).toMatch(/^\/api\/upload\?_timespan=\d+$/);
    expect(seen[0]?.init.method).toBe('POST');
    expect(headers.Authorization).toBe('tok-9');
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    const body = seen[0]?.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('id.png');
  });

  it('rejects a refused upload with the translated key', async () => {
    replyWith({ type: 'error', message: 'file too big' });
    const error = (await upload('upload', new Blob(['x']), 'a.png').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('refusal');
    expect(error.key).toBe('file too big');
    expect(error.text).toBe('The file is too large');
  });
});

describe('lock refusals', () => {
  it('shows the end of a lock in local time, not as an ISO stamp', async () => {
    lang = 'zh';
    replyWith({ type: 'error', message: 'account locked, 2026-11-22T17:19:46.896Z' });
    const error = (await userApi.login('a@b.io', 'bbbbbb').catch((e: unknown) => e)) as ApiError;
    expect(error.key).toBe('account locked, 2026-11-22T17:19:46.896Z');
    expect(error.text.startsWith('账号已锁定')).toBe(true);
    expect(error.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(error.text).not.toContain('T17:19');
  });
});

describe('Idempotency-Key: one per user action', () => {
  const keyOf = (seen: Seen | undefined) => (seen?.init.headers as Record<string, string>)['Idempotency-Key'];

  it('a double click (the same call while the first is unanswered) and a retry after a lost reply carry the same key; an answered call frees it', async () => {
    const seen: Seen[] = [];
    let lose = true;
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      if (lose) throw new TypeError('connection reset');
      return new Response(JSON.stringify({ type: 'ok', message: 'operation ok' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }));
    const transfer = () => send('POST', 'wallet/change', { number: '10', currency_id: 3, from_field: 'change', to_field: 'legal' });
    await expect(transfer()).rejects.toBeInstanceOf(ApiError);
    lose = false;
    await Promise.all([transfer(), transfer()]);
    expect(keyOf(seen[0])).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(seen[1])).toBe(keyOf(seen[0]));
    expect(keyOf(seen[2])).toBe(keyOf(seen[0]));
    // answered: the same call again is a new action
    await transfer();
    expect(keyOf(seen[3])).not.toBe(keyOf(seen[0]));
    // another body is another action
    await send('POST', 'wallet/change', { number: '11', currency_id: 3, from_field: 'change', to_field: 'legal' });
    expect(keyOf(seen[4])).not.toBe(keyOf(seen[3]));
  });

  it('GET calls carry no key', async () => {
    const seen = replyWith({ type: 'ok', message: {} });
    await call('GET', 'news/list', {});
    expect(keyOf(seen[0])).toBeUndefined();
  });
});
