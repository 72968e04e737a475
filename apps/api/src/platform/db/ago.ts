import { type SQL, sql } from 'drizzle-orm';

/** `now()` less a span, the span bound as parameters (never spliced into the SQL text). */
export function ago(span: { days?: number; hours?: number }): SQL {
  return sql`now() - make_interval(days => ${span.days ?? 0}::int, hours => ${span.hours ?? 0}::int)`;
}
