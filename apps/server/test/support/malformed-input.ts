import fc from 'fast-check';

/** JSON text written as is: what `JSON.stringify` cannot produce (1e309, -0, a 400-digit literal). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Value = string | number | boolean | null | RawJson | Value[] | { [key: string]: Value };

const DEEP = 5_000;

/**
 * Texts that break naive parsing: number look-alikes (1e309, -0, NaN, hex, other digits, 100
 * digits), markup and injection, control and lone surrogate characters, and huge texts. No
 * well-formed small amount or id is among them on purpose: the fuzz asserts that malformed input
 * moves no money, and a well-formed request may move money legitimately.
 */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(
    '', ' ', '\t\n', 'null', 'undefined', 'NaN', '-NaN', 'Infinity', '-Infinity', '-0', '0', '00', '-1', '1e309', '-1e309', '1e-400',
    '0x1f', '0b11', '1_000', '+1', '.5', '1.2.3', '1,5', '١٢٣', '１２３', '٫5', '9'.repeat(100), `1${'0'.repeat(99)}`,
    `0.${'0'.repeat(98)}1`, `-${'9'.repeat(100)}`, `${'1'.repeat(30)}.${'1'.repeat(30)}`, 'true', 'false', '[]', '{}',
    '[object Object]', '__proto__', 'constructor', '%00', '%', '\u0000', '\ud800', '\u202e', '👍🏽', '<script>alert(1)</script>',
    "' or '1'='1' --", '../../../etc/passwd', 'change', 'a'.repeat(300),
  ) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(70_000), '€'.repeat(30_000), `${'9'.repeat(10_000)}` ) },
);

/** Numbers a client can send in JSON that no field accepts (negative, fractional, past 2^53, beyond double). */
export const nastyNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(-0, -1, -1.5, Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE, Number.MIN_VALUE, -(2 ** 31), 2 ** 63, 1e21),
  fc.double({ max: -Number.MIN_VALUE }),
  fc.constantFrom(
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('-0'),
    new RawJson('-0.0e-0'),
    new RawJson(`1${'0'.repeat(400)}`),
    new RawJson('123456789012345678901234567890'),
    new RawJson(`0.${'0'.repeat(400)}1`),
  ),
);

const deepArray = new RawJson(`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`);
const deepObject = new RawJson(`${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`);

const scalar: fc.Arbitrary<Value> = fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null));

/** Keys that pollute prototypes or shadow built-ins, and random ones. */
export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', 'a[b]', 'user_id', 'id'),
  fc.string({ maxLength: 12 }),
);

/** Any malformed value: a wrong scalar, an array where one value is expected, an object, deep nesting. */
export const nastyValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyKey, scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<Value>(deepArray, deepObject) },
);

/**
 * Well-formed values of the fields that are not amounts (ids, wallet and side names, a language,
 * a code type, an address, an e-mail), as text: mixed with malformed ones they let a request past
 * validation into its service, which must then refuse what is still wrong. Text only, so that
 * fields taking JSON numbers alone (the operator's credit) never get a valid one.
 */
export const plausibleText: fc.Arbitrary<string> = fc.constantFrom(
  '1', '2', '3', 'change', 'legal', 'micro', 'lever', 'change_micro', 'micro_change', 'in', 'out', 'en', 'zh', 'register', 'forget',
  'trc20', 'erc20', 'btc', '86', 'fuzz@example.com', '13800138000', '123456', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'a'.repeat(64), '/uploads/nothing.png', 'BTC/USDT', '1min', '1D',
);

/** Fields that carry an amount of money: they only ever get malformed values, never a spendable amount. */
export const AMOUNT_FIELD = /^(number|num|price|amount|charge|rate)$/;

/**
 * Fields for an operation: each named field present or missing, with a malformed value (or, for
 * fields that are not amounts, sometimes a well-formed one), plus extra fields; sometimes not an
 * object at all.
 */
export function nastyFields(names: readonly string[]): fc.Arbitrary<Value> {
  const valueFor = (name: string): fc.Arbitrary<Value> => (AMOUNT_FIELD.test(name) ? nastyValue : fc.oneof({ weight: 2, arbitrary: nastyValue }, { weight: 1, arbitrary: plausibleText }));
  const known = fc.record(Object.fromEntries(names.map((name) => [name, valueFor(name)])) as Record<string, fc.Arbitrary<Value>>, { requiredKeys: [] });
  const extra = fc.dictionary(nastyKey, nastyValue, { maxKeys: 2 });
  return fc.oneof(
    { weight: 8, arbitrary: fc.tuple(known, extra).map(([fields, more]): Value => ({ ...more, ...(fields as Record<string, Value>) })) },
    { weight: 1, arbitrary: fc.oneof(scalar, fc.array(nastyValue, { maxLength: 3 }), fc.constantFrom<Value>(deepArray, deepObject)) },
  );
}

/** JSON text of a value, raw parts written verbatim. */
export function toJson(value: Value): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function scalarText(value: Value): string {
  if (value instanceof RawJson) return value.text;
  if (value === null) return '';
  return typeof value === 'object' ? toJson(value) : String(value);
}

/** Form or query pairs: arrays repeat the key, objects become `key[sub]`, anything else its text. */
export function toPairs(value: Value): [string, string][] {
  if (value === null || typeof value !== 'object' || value instanceof RawJson || Array.isArray(value)) return [['', scalarText(value)]];
  return Object.entries(value).flatMap(([key, item]): [string, string][] => {
    if (Array.isArray(item)) return item.map((element): [string, string] => [key, scalarText(element)]);
    if (item !== null && typeof item === 'object' && !(item instanceof RawJson)) {
      return Object.entries(item).map(([sub, element]): [string, string] => [`${key}[${sub}]`, scalarText(element)]);
    }
    return [[key, scalarText(item)]];
  });
}

export function toForm(value: Value): string {
  return new URLSearchParams(toPairs(value)).toString();
}

/** Query strings no form encoder writes: bad escapes, empty pairs, a huge one. */
export const rawQuery: fc.Arbitrary<string> = fc.constantFrom('%', '%zz', '&&&=&', 'a=%E0%A4%A', '=1', `q=${'x'.repeat(20_000)}`, '__proto__[x]=1', 'a&a&a');
