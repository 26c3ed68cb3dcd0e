const TEXT_ENCODER = new TextEncoder();
const TEXT_DECODER = new TextDecoder();

/**
 * JSON for what crosses NATS between the core and gateways: commands, their results and the core's
 * durable events carry bigint atoms and dates, which plain JSON loses. A bigint travels as
 * `{"$n":"123"}`, a date as `{"$d":"2026-…Z"}`.
 */
export function encode(value: unknown): Uint8Array {
  return TEXT_ENCODER.encode(
    JSON.stringify(value, function (this: Record<string, unknown>, key, plain: unknown) {
      const raw = this[key];
      if (typeof raw === 'bigint') return { $n: raw.toString() };
      if (raw instanceof Date) return { $d: raw.toISOString() };
      return plain;
    }),
  );
}

export function decode<T>(bytes: Uint8Array): T {
  return JSON.parse(TEXT_DECODER.decode(bytes), (_key, value: unknown) => {
    // every value passes here: the tag is looked at before the object's keys are counted
    if (typeof value !== 'object' || value === null) return value;
    const tagged = value as { $n?: unknown; $d?: unknown };
    if (typeof tagged.$n === 'string' && Object.keys(value).length === 1) return BigInt(tagged.$n);
    if (typeof tagged.$d === 'string' && Object.keys(value).length === 1) return new Date(tagged.$d);
    return value;
  }) as T;
}
