import { and, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, startsWithPattern } from '../platform/db/paging';
import { users } from './members.schema';

// `ilike` as PostgreSQL runs it in a UTF-8 database (both sides lowered, then `like`), on the names lowered once
// when written (`users.name_lower`, `display_name_lower`): the same matches, through the trigram index
// users_name_trgm_idx, without lowering every row again.
const lowered = (pattern: string) => sql`lower(${pattern})`;

/** What a name must look like: contain a text, start with one, end with one (each optional, all must hold). */
export interface NameShape {
  contains?: string;
  starts?: string;
  ends?: string;
}

/**
 * The member's name or display name has `shape`, whatever the case: containing a text through the trigram index
 * users_name_trgm_idx, starting with one through the prefix indexes users_name_prefix_idx and
 * users_display_name_prefix_idx, ending with one (three characters or more) through the trigram index again.
 */
export function nameOrDisplayNameShaped(shape: NameShape): SQL {
  const patterns = [
    shape.contains === undefined ? undefined : lowered(containsPattern(shape.contains)),
    shape.starts === undefined ? undefined : lowered(startsWithPattern(shape.starts)),
    shape.ends === undefined ? undefined : lowered(`%${containsPattern(shape.ends).slice(1, -1)}`),
  ].filter((p) => p !== undefined);
  const on = (column: typeof users.nameLower | typeof users.displayNameLower) =>
    and(...patterns.map((p) => sql`${column} like ${p}`));
  return sql`(${or(on(users.nameLower), on(users.displayNameLower))})`;
}

/**
 * The member's name or display name contains `text`, whatever the case: every member filter and picker of an
 * administrator, and the orders screen's buyer search.
 */
export const nameOrDisplayNameContains = (text: string): SQL => nameOrDisplayNameShaped({ contains: text });
