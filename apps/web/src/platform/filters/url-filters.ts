import type { z } from 'zod';

/** The filters of a list as its contracts schema reads them: every field optional. */
export type FiltersOf<S extends z.ZodObject> = Partial<z.output<S>>;

const blank = (v: unknown) =>
  v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);

/** Filters with texts trimmed and without their blanks (empty text, cleared pickers, switches off, empty lists). */
export function withoutBlanks<F extends object>(filters: F): Partial<F> {
  return Object.fromEntries(
    Object.entries(filters)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
      .filter(([, v]) => !blank(v)),
  ) as Partial<F>;
}

/**
 * Reads a list's filters from the URL query by its contracts schema: each field present in the URL is parsed
 * by its own schema, trying the text as it is, then as a list (repeated keys) and as a yes/no; a value the
 * schema refuses (an edited or outdated link) is left out rather than failing the page.
 */
export function readFilters<S extends z.ZodObject>(schema: S, params: URLSearchParams): FiltersOf<S> {
  const filters: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const raw = params.getAll(name);
    if (raw.length === 0) continue;
    const first = raw[0] as string;
    const candidates: unknown[] =
      raw.length > 1
        ? [raw]
        : [first, [first], first === 'true' ? true : first === 'false' ? false : undefined];
    for (const candidate of candidates) {
      if (candidate === undefined) continue;
      const parsed = field.safeParse(candidate);
      if (parsed.success && !blank(parsed.data)) {
        filters[name] = parsed.data;
        break;
      }
    }
  }
  return filters as FiltersOf<S>;
}

/**
 * Writes filters into a URL query: the schema's fields are replaced (lists as repeated keys, blanks left
 * out), every other parameter of the page is kept. Keys follow the schema's order so one filter set has one URL.
 */
export function writeFilters<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  filters: FiltersOf<S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = filters as Record<string, unknown>;
  for (const name of Object.keys(schema.shape)) {
    next.delete(name);
    const value = values[name];
    if (blank(value)) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(name, String(item));
  }
  return next;
}
