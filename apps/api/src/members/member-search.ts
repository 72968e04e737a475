import { type MemberHit, SEARCH_CONTAINS_FROM } from '@app/contracts';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { containsPattern, startsWithPattern } from '../platform/db/paging';
import { personal } from './member.presenter';
import { scopeFilter } from './members.queries';
import { users } from './members.schema';
import { type NameShape, nameOrDisplayNameShaped } from './name-search';
import { maskedName, type Viewer } from './viewer';

/**
 * Which names a member's keyword can match as the member sees them, masked (`maskName`: at most the first three
 * and the last three characters show, around `***`), as a shape the name indexes find; null when none can. A
 * keyword without `*` longer than three characters fits in neither visible part; one of three is the name's start or
 * end; a keyword like `Que***ong` names both. The masked comparison then decides (probes below).
 */
function maskedShape(text: string): NameShape | null {
  if (!text.includes('*')) return text.length > 3 ? null : text.length === 3 ? {} : { starts: text };
  const parts = text.split(/\*+/);
  const [first, last] = [parts[0]!, parts.length > 1 ? parts[parts.length - 1]! : ''];
  return { starts: first.length === 3 ? first : undefined, ends: last.length === 3 ? last : undefined };
}

/**
 * What a keyword may name, best first (docs/product/search.md). Administrators find a member by member id,
 * e-mail (from its start), phone, WordPress id, account or display name; a member finds people of their downline
 * by member id or by their names as the member sees them (masked), never by a private field.
 */
function probes(viewer: Viewer, text: string): SQL[] {
  const memberNo = sql`${users.userNo} = upper(${text})`;
  if (viewer.isAdmin)
    return [
      or(memberNo, sql`${users.phone} = ${text}`, sql`${users.platformId} = ${text}`)!,
      sql`lower(${users.email}) like lower(${startsWithPattern(text)})`,
      nameOrDisplayNameShaped(text.length < SEARCH_CONTAINS_FROM ? { starts: text } : { contains: text }),
    ];
  const shape = maskedShape(text);
  if (!shape) return [memberNo];
  const pattern = containsPattern(text);
  const masked = sql`(${maskedName(users.name)} ilike ${pattern} or ${maskedName(users.displayName)} ilike ${pattern})`;
  // A three-character keyword is the start or the end of a name that shows it: two indexed look-ups.
  const indexed =
    text.length === 3 && !text.includes('*')
      ? sql`(${nameOrDisplayNameShaped({ starts: text })} or ${nameOrDisplayNameShaped({ ends: text })})`
      : Object.values(shape).some((v) => v !== undefined)
        ? nameOrDisplayNameShaped(shape)
        : undefined;
  return [memberNo, indexed ? sql`${indexed} and ${masked}` : masked];
}

/**
 * The members the viewer may see that `text` names, at most `limit`: each probe is its own indexed look-up
 * stopping at `limit`, so a common name costs no more than a rare one.
 */
export async function searchMembers(
  db: DbOrTx,
  viewer: Viewer,
  text: string,
  limit: number,
): Promise<MemberHit[]> {
  const scope = scopeFilter(viewer);
  const found = sql.join(
    probes(viewer, text).map(
      (probe, rank) =>
        sql`(select ${users.id} as id, ${rank}::int as rank from ${users} where ${scope} and ${probe} limit ${limit})`,
    ),
    sql` union all `,
  );
  const ranked = await queryRows<{ id: number; rank: number }>(
    db,
    sql`select id, min(rank) as rank from (${found}) hits group by id order by 2, 1 limit ${limit}`,
  );
  if (ranked.length === 0) return [];
  const rows = await db
    .select({ id: users.id, name: users.name, display_name: users.displayName, user_no: users.userNo })
    .from(users)
    .where(
      inArray(
        users.id,
        ranked.map((r) => r.id),
      ),
    );
  const rank = new Map(ranked.map((r) => [r.id, r.rank]));
  return rows
    .sort((a, b) => rank.get(a.id)! - rank.get(b.id)! || a.name.localeCompare(b.name))
    .map((row) => personal(viewer, row));
}
