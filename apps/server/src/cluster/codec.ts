const TEXT_ENCODER = new TextEncoder();
const TEXT_DECODER = new TextDecoder();

/**
 * JSON for what crosses NATS between the core and gateways: commands, their results and the core's
 * durable events carry bigint atoms and dates, which plain JSON loses. A bigint travels as
 * `{"$n":"123"}`, a date as `{"$d":"2026-…Z"}`.
 *
 * Both ways walk the value themselves around a plain `JSON.stringify` / `JSON.parse` rather than
 * pass a replacer or reviver: those are called for every value, primitives included, and turn off
 * V8's fast paths; a batch of 30 orders decodes in about 40 % of the time this way.
 */
export function encode(value: unknown): Uint8Array {
  return TEXT_ENCODER.encode(JSON.stringify(toWire(value)));
}

export function decode<T>(bytes: Uint8Array): T {
  return fromWire(JSON.parse(TEXT_DECODER.decode(bytes))) as T;
}

/** A copy of `value` with its bigints and dates tagged (an object with its own `toJSON` is left to it, as JSON does). */
function toWire(value: unknown): unknown {
  if (typeof value === 'bigint') return { $n: value.toString() };
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return { $d: value.toISOString() };
  if (Array.isArray(value)) return value.map(toWire);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const wire = toWire((value as Record<string, unknown>)[key]);
    // `__proto__` as a key of its own, never the copy's prototype
    if (key === '__proto__') Object.defineProperty(copy, key, { value: wire, enumerable: true, writable: true, configurable: true });
    else copy[key] = wire;
  }
  return copy;
}

/** Replaces tagged objects of a parsed value by their bigints and dates, in place. */
function fromWire(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (typeof item === 'object' && item !== null) value[index] = fromWire(item);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.$n === 'string' && hasOneKey(record)) return BigInt(record.$n);
  if (typeof record.$d === 'string' && hasOneKey(record)) return new Date(record.$d);
  for (const key in record) {
    const item = record[key];
    if (typeof item !== 'object' || item === null) continue;
    const revived = fromWire(item);
    if (revived === item) continue;
    // `__proto__` (JSON.parse makes it an own key) is set as a key, never as the prototype
    if (key === '__proto__') Object.defineProperty(record, key, { value: revived, enumerable: true, writable: true, configurable: true });
    else record[key] = revived;
  }
  return record;
}

function hasOneKey(record: object): boolean {
  let keys = 0;
  for (const _key in record) if ((keys += 1) > 1) return false;
  return true;
}
