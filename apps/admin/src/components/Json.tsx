/** A before or after state of the operator log, compact. */
export function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-faint">—</span>;
  return <code className="block max-w-md text-[0.75rem] break-all whitespace-pre-wrap text-muted">{JSON.stringify(value)}</code>;
}
