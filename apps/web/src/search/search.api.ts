import { type SearchResult, searchEndpoints } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';

export const searchKeys = {
  all: queryRoots.search,
  hits: (q: string) => [...searchKeys.all, q] as const,
};

/** The header search's hits for `q` (nothing is asked for a blank one); the last hits stay while the next load. */
export const useSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.hits(q),
    queryFn: ({ signal }) => request<SearchResult>(searchEndpoints.search, { query: { q }, signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
