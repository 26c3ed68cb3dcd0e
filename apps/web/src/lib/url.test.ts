import { describe, expect, it } from 'vitest';
import { apiUrl, formEncode, withQuery } from './url';

describe('formEncode', () => {
  it('encodes a form body and leaves out absent values', () => {
    expect(formEncode({ user_string: 'a b@x.io', password: 'p&ss=1', type: 1, skip: undefined, none: null })).toBe(
      'user_string=a+b%40x.io&password=p%26ss%3D1&type=1',
    );
  });
});

describe('apiUrl', () => {
  it('puts the path under /api and adds the cache-busting parameter', () => {
    expect(apiUrl('user/info', {}, 1700000000000)).toBe('/api/user/info?_timespan=1700000000000');
  });

  it('accepts paths given with a leading slash or the /api prefix', () => {
    expect(apiUrl('/api/news/list', {}, 5)).toBe('/api/news/list?_timespan=5');
    expect(apiUrl('/cfg/kefu', {}, 5)).toBe('/api/cfg/kefu?_timespan=5');
  });

  it('keeps query parameters before the timestamp', () => {
    expect(apiUrl('qrcode', { text: 'https://x.io/a?b=1' }, 9)).toBe(
      '/api/qrcode?text=https%3A%2F%2Fx.io%2Fa%3Fb%3D1&_timespan=9',
    );
  });
});

describe('withQuery', () => {
  it('adds a query only when there is something to add', () => {
    expect(withQuery('/components/register', { email: 'a@b.io' })).toBe('/components/register?email=a%40b.io');
    expect(withQuery('/components/register', { email: undefined })).toBe('/components/register');
  });
});
