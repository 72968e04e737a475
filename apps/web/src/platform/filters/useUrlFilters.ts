import { useMemo, useReducer, useRef } from 'react';
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
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const urlQuery = params.toString();
  /**
   * The query asked for while the router has not shown it yet (its updates are transitions): the list follows
   * a search at once, as with local state, and the same filters asked twice (Enter, then the form's own
   * submit) add one history entry. Dropped as soon as the URL moves (that navigation, back or forward).
   */
  const pending = useRef<{ from: string; query: string } | null>(null);
  if (pending.current && pending.current.from !== urlQuery) pending.current = null;
  const query = pending.current?.query ?? urlQuery;
  const filters = useMemo(() => readFilters(schema, new URLSearchParams(query)), [schema, query]);
  const setFilters = (next: FiltersOf<S>) => {
    const written = writeFilters(schema, new URLSearchParams(query), withoutBlanks(next) as FiltersOf<S>);
    if (written.toString() === query) return;
    pending.current = { from: urlQuery, query: written.toString() };
    rerender();
    setParams(written);
  };
  return { filters, setFilters, resetFilters: () => setFilters({}) };
}
