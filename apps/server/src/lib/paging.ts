export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

/** Normalises 1-based `page` and `limit` from a request; out-of-range values are clamped. */
export function pageRequest(page: number | undefined, limit: number | undefined, fallbackLimit = DEFAULT_PAGE_SIZE): PageRequest {
  const size = Math.min(Math.max(limit || fallbackLimit, 1), MAX_PAGE_SIZE);
  const number = Math.max(page || 1, 1);
  return { page: number, limit: size, offset: (number - 1) * size };
}

export function paged<T>(list: T[], total: number, request: PageRequest) {
  return { list, page: request.page, pages: Math.ceil(total / request.limit), total };
}

/**
 * One page of a query whose rows carry its total (`count(*) over ()`), and that total. Past the
 * last page no row carries it, so the first row alone is asked for: the total stays right on
 * every page, as the news and region lists give it.
 */
export async function pageOf<Row extends { total: number }>(
  request: PageRequest,
  fetch: (limit: number, offset: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await fetch(request.limit, request.offset);
  if (rows.length > 0 || request.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [first] = await fetch(1, 0);
  return { rows, total: first?.total ?? 0 };
}
