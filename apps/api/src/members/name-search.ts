import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../platform/db/paging';
import { users } from './members.schema';

// `ilike` as PostgreSQL runs it in a UTF-8 database (both sides lowered, then `like`), on the names lowered once
// when written (`users.name_lower`, `display_name_lower`): the same matches, through the trigram index
// users_name_trgm_idx, without lowering every row again.
const lowered = (text: string) => sql`lower(${containsPattern(text)})`;

/** The member's name contains `text`, whatever the case. */
export const nameContains = (text: string): SQL => sql`${users.nameLower} like ${lowered(text)}`;

/** The member's name or display name contains `text`, whatever the case (the orders screen's buyer search). */
export function nameOrDisplayNameContains(text: string): SQL {
  const pattern = lowered(text);
  return sql`(${users.nameLower} like ${pattern} or ${users.displayNameLower} like ${pattern})`;
}
