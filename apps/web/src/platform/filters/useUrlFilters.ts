import { useMemo } from 'react';
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
  const filters = useMemo(() => readFilters(schema, new URLSearchParams(query)), [schema, query]);
  const setFilters = (next: FiltersOf<S>) => {
    // Written over the address as it is now, not as this render saw it: the same filters asked twice in one
    // event (Enter, then the form's own submit) add one history entry.
    const now = new URLSearchParams(window.location.search);
    const written = writeFilters(schema, now, withoutBlanks(next) as FiltersOf<S>);
    if (written.toString() === now.toString()) return;
    // Shown at once: the router's default is a React transition, which React may hold back, render and throw
    // away while the page goes on showing (and exporting) the filters of before.
    setParams(written, { flushSync: true });
  };
  return { filters, setFilters, resetFilters: () => setFilters({}) };
}
