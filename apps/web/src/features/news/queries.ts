import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { configApi, newsApi } from '../../api';
import { currentLang } from '../../app/preferences';

/** Articles of a category in the current language (the server falls back to English). */
export function useNewsList(cId: number, page = 1, limit = 10) {
  return useQuery({
    queryKey: ['news', 'list', currentLang, cId, page, limit],
    queryFn: ({ signal }) => newsApi.list({ c_id: cId, page, limit, lang: currentLang }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useNewsDetail(id: number | null) {
  return useQuery({
    queryKey: ['news', 'detail', currentLang, id],
    queryFn: ({ signal }) => newsApi.detail({ id: id ?? 0, lang: currentLang }, { signal }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

export function useSupportLinks() {
  return useQuery({
    queryKey: ['cfg', 'kefu'],
    queryFn: ({ signal }) => configApi.support({ signal }),
    staleTime: 10 * 60_000,
  });
}

export function useAppLinks() {
  return useQuery({
    queryKey: ['cfg', 'apps'],
    queryFn: ({ signal }) => configApi.apps({ signal }),
    staleTime: 10 * 60_000,
  });
}

/** The detail page of an article. */
export function noticeHref(id: number): string {
  return `/components/noticeDetail?id=${id}`;
}
