const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The first instant of a `date_from` filter: a bare date starts at its midnight (UTC). */
export const rangeStart = (v: string) => (isDateOnly(v) ? `${v}T00:00:00Z` : new Date(v).toISOString());

/** The exclusive end of a `date_to` filter: a bare date includes that whole day; a date-time is the end itself. */
export const rangeEnd = (v: string) =>
  isDateOnly(v)
    ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000).toISOString()
    : new Date(v).toISOString();
