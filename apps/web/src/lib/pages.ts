/**
 * The page numbers to show around the current one: always the first and last, the current one with
 * one neighbour each side, and `gap` where numbers are left out. At most 7 entries.
 */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), pages);
  const start = Math.max(2, Math.min(current - 1, pages - 4));
  const end = Math.min(pages - 1, Math.max(current + 1, 5));
  const out: (number | 'gap')[] = [1];
  if (start > 2) out.push('gap');
  for (let n = start; n <= end; n += 1) out.push(n);
  if (end < pages - 1) out.push('gap');
  out.push(pages);
  return out;
}

/** A page number read from a query string: a whole number of at least 1, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
