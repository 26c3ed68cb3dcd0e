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
