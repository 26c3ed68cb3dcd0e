/**
 * JSON for what crosses NATS between the core and gateways: commands, their results and the core's
 * durable events carry bigint atoms and dates, which plain JSON loses. A bigint travels as
 * `{"$n":"123"}`, a date as `{"$d":"2026-…Z"}`.
 */
export function encode(value: unknown): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify(value, function (this: Record<string, unknown>, key, plain: unknown) {
      const raw = this[key];
      if (typeof raw === 'bigint') return { $n: raw.toString() };
      if (raw instanceof Date) return { $d: raw.toISOString() };
      return plain;
    }),
  );
}

export function decode<T>(bytes: Uint8Array): T {
  return JSON.parse(new TextDecoder().decode(bytes), (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const tagged = value as { $n?: unknown; $d?: unknown };
      const keys = Object.keys(value);
      if (keys.length === 1 && typeof tagged.$n === 'string') return BigInt(tagged.$n);
      if (keys.length === 1 && typeof tagged.$d === 'string') return new Date(tagged.$d);
    }
    return value;
  }) as T;
}
