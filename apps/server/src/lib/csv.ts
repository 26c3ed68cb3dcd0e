/** Rows as CSV (RFC 4180): a header of the first row's keys; objects as JSON, dates as ISO strings. */
export function toCsv(rows: readonly Record<string, unknown>[]): string {
  const first = rows[0];
  if (!first) return '';
  const columns = Object.keys(first);
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A number and nothing else: an optional minus, digits, an optional fraction. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function cell(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value as string | number | boolean | bigint);
  // a cell a spreadsheet would run as a formula starts with a quote; only a cell that is a plain
  // number as a whole (`-12.5`) keeps its sign: `-1+1+cmd|…` starts with a digit but is a formula
  const safe = /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
