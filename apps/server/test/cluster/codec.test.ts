import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../src/cluster/codec';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the codec of what crosses NATS', () => {
  it('tags bigints and dates at any depth, and gives them back', () => {
    const at = new Date('2026-11-28T09:00:00.123Z');
    const value = { sequence: 7, commands: [{ command: { kind: 'spot_place', price: 10n ** 21n, quantity: -5n, nested: [[1n, null, 'x']] }, at }], none: null, flag: false };
    const bytes = encode(value);
    expect(text(bytes)).toBe(
      '{"sequence":7,"commands":[{"command":{"kind":"spot_place","price":{"$n":"1000000000000000000000"},"quantity":{"$n":"-5"},"nested":[[{"$n":"1"},null,"x"]]},"at":{"$d":"2026-11-28T09:00:00.123Z"}}],"none":null,"flag":false}',
    );
    expect(decode(bytes)).toEqual(value);
  });

  it('leaves objects that only look tagged as they are, and undefined as JSON does', () => {
    const value = { a: { $n: '1', other: 2 }, b: { $d: 5 }, c: [undefined], d: undefined };
    expect(decode(encode(value))).toEqual({ a: { $n: '1', other: 2 }, b: { $d: 5 }, c: [null] });
  });

  it('keeps a `__proto__` key a key, never a prototype', () => {
    const decoded = decode<Record<string, unknown>>(new TextEncoder().encode('{"__proto__":{"$n":"3"},"x":{"__proto__":{"polluted":true}}}'));
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toBe(3n);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(text(encode(decoded))).toBe('{"__proto__":{"$n":"3"},"x":{"__proto__":{"polluted":true}}}');
  });
});
