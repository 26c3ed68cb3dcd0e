/** Record status names: the protocol maps names to codes; the screens need a code's name. */

/** The name of a record's status code, read from the protocol's name → code map (unknown codes: `fallback`). */
export function statusName<Name extends string>(codes: Record<Name, number>, code: number, fallback: Name): Name {
  return (Object.keys(codes) as Name[]).find((name) => codes[name] === code) ?? fallback;
}
