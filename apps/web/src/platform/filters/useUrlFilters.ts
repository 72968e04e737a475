import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { type FiltersOf, readFilters, withoutBlanks, writeFilters } from './url-filters';

/**
 * A list page's filters, kept in the URL query so a filtered list can be bookmarked, shared, reloaded and
 * restored with the back button. `schema` is the list's contracts schema of its filter fields; every change
 * of the filters is a new history entry.
 *   const { filters, setFilters } = useUrlFilters(orderFilters);
 */
export function useUrlFilters<S extends z.ZodObject>(schema: S) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string stands for params
  const filters = useMemo(() => readFilters(schema, params), [schema, query]);
  /** The query last asked for: a second submit before the URL changed (Enter, then the form's own submit) adds no entry. */
  const asked = useRef(query);
  asked.current = query;
  const setFilters = (next: FiltersOf<S>) => {
    const written = writeFilters(schema, params, withoutBlanks(next) as FiltersOf<S>).toString();
    if (written === query || written === asked.current) return;
    asked.current = written;
    setParams(new URLSearchParams(written));
  };
  return { filters, setFilters, resetFilters: () => setFilters({}) };
}
