import { systemText } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { memberRoleId } from '../access/bootstrap';
import { hashPassword } from '../access/passwords';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { personName } from './names';
import { seededRandom } from './random';
import { generateParents, TREE_BENCH_SEED, type TreeShape } from './tree-shape';

export interface BulkMembersOptions {
  count: number;
  /** PRNG seed: the same seed gives the same tree (default: the tree benchmark's for `random`). */
  seed?: number;
  /** `random` (default, the tree benchmark's shape) or `chains` (tree-shape.ts). */
  shape?: TreeShape;
  /** Password every generated member signs in with. */
  password?: string;
  batchSize?: number;
  onProgress?: (done: number) => void;
}

/**
 * Drops a table's plain (non-unique) indexes for a bulk load and returns what
 * recreates them from their own definitions: building an index once is far
 * cheaper than maintaining it row by row.
 */
async function dropSecondaryIndexes(db: DbOrTx, table: string): Promise<() => Promise<void>> {
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select i.relname as name, pg_get_indexdef(i.oid) as def
        from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
        where t.relname = ${table} and not x.indisunique and not x.indisprimary`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  return async () => {
    for (const index of indexes) await db.execute(sql.raw(index.def));
  };
}

/** A Postgres array literal passed as one text parameter (no parameter limit however long). */
const pgArray = (values: readonly (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? v : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/**
 * Appends `count` members as one sponsor tree of `shape` (about 30 % also with their
 * sponsor as iBloomer parent) below the first existing top-level member. Rows
 * go in with multi-row INSERT … SELECT unnest() batches, one shared password
 * hash; depth and both materialised paths are computed here by walking the
 * parent arrays, so nothing is held per member but three integer arrays.
 */
export async function seedBulkMembers(
  db: DbOrTx,
  opts: BulkMembersOptions,
): Promise<{ firstId: number; lastId: number; maxDepth: number }> {
  const { count, batchSize = 10_000 } = opts;
  const shape = opts.shape ?? 'random';
  const rng = seededRandom(opts.seed ?? (shape === 'random' ? TREE_BENCH_SEED : 1_000_000_007));
  const hash = await hashPassword(opts.password ?? 'member123');
  const roleId = await memberRoleId(db);
  const [anchor] = await queryRows<{ id: number; tree_path: string; tree_depth: number }>(
    db,
    sql`select id, tree_path, tree_depth from users where not is_admin and parent_user_id is null order by id limit 1`,
  );
  const [{ max }] = (await queryRows<{ max: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as max from users`,
  )) as [{ max: number }];
  const firstId = Number(max) + 1;
  const parent = generateParents(count, rng, shape);
  const iblommerParent = new Int32Array(count).fill(-1);
  const depth = new Int32Array(count);
  let maxDepth = 0;
  const iblommerDepth = new Int32Array(count);
  for (let i = 1; i < count; i++) {
    depth[i] = depth[parent[i]!]! + 1;
    maxDepth = Math.max(maxDepth, depth[i]!);
    if (rng.chance(0.3)) {
      iblommerParent[i] = parent[i]!;
      iblommerDepth[i] = iblommerDepth[parent[i]!]! + 1;
    }
  }
  const anchorDepth = anchor ? anchor.tree_depth + 1 : 0;
  const pathOf = (i: number, parents: Int32Array, prefix: string) => {
    const chain: number[] = [];
    for (let j = i; j >= 0; j = parents[j]!) chain.push(firstId + j);
    return `${prefix}${chain.reverse().join('/')}/`;
  };
  const start = Date.now() - 730 * 86_400_000;
  const restoreIndexes = count >= 50_000 ? await dropSecondaryIndexes(db, 'users') : async () => {};
  try {
    for (let from = 0; from < count; from += batchSize) {
      const to = Math.min(count, from + batchSize);
      const cols = {
        id: [] as number[],
        name: [] as string[],
        display: [] as string[],
        parent: [] as (number | null)[],
        depth: [] as number[],
        path: [] as string[],
        ibParent: [] as (number | null)[],
        ibDepth: [] as number[],
        ibPath: [] as string[],
        level: [] as number[],
        created: [] as string[],
      };
      for (let i = from; i < to; i++) {
        const id = firstId + i;
        cols.id.push(id);
        cols.name.push(`bulk${id}`);
        cols.display.push(personName(rng));
        cols.parent.push(parent[i]! < 0 ? (anchor?.id ?? null) : firstId + parent[i]!);
        cols.depth.push(anchorDepth + depth[i]!);
        cols.path.push(pathOf(i, parent, anchor ? anchor.tree_path : '/'));
        const ib = iblommerParent[i]!;
        cols.ibParent.push(ib < 0 ? null : firstId + ib);
        cols.ibDepth.push(iblommerDepth[i]!);
        cols.ibPath.push(ib < 0 ? `/${id}/` : pathOf(i, iblommerParent, '/'));
        cols.level.push(rng.weighted([1, 2, 3, 4], [45, 30, 17, 8]));
        cols.created.push(new Date(start + (i / count) * 730 * 86_400_000).toISOString());
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into users (id, name, display_name, email, phone, platform_id, password_hash, level_id, parent_user_id,
                             tree_depth, tree_path, iblommer_parent_user_id, iblommer_depth, iblommer_path, iblommer_joined_at,
                             created_at, updated_at)
          select id, name, display, name || '@bulk.local', '6' || lpad(id::text, 7, '0'), 'wp' || id, ${hash}, level,
                 parent, depth, path,
                 ib_parent, ib_depth, ib_path, case when ib_parent is null then null else created end, created, created
          from unnest(${pgArray(cols.id)}::int[], ${pgArray(cols.name)}::text[], ${pgArray(cols.display)}::text[],
                      ${pgArray(cols.parent)}::int[], ${pgArray(cols.depth)}::int[], ${pgArray(cols.path)}::text[],
                      ${pgArray(cols.ibParent)}::int[], ${pgArray(cols.ibDepth)}::int[], ${pgArray(cols.ibPath)}::text[],
                      ${pgArray(cols.level)}::int[], ${pgArray(cols.created)}::timestamptz[])
               as t(id, name, display, parent, depth, path, ib_parent, ib_depth, ib_path, level, created)`);
        await tx.execute(sql`insert into user_roles (user_id, role_id)
          select id, ${roleId} from users where id between ${firstId + from} and ${firstId + to - 1}`);
        await tx.execute(sql`insert into level_history (user_id, level_id, remark, created_at)
          select id, level_id, ${systemText('remark.registration')}, created_at from users where id between ${firstId + from} and ${firstId + to - 1}`);
      });
      opts.onProgress?.(to);
    }
  } finally {
    await restoreIndexes();
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
  await db.execute(sql`analyze users`);
  return { firstId, lastId: firstId + count - 1, maxDepth: anchorDepth + maxDepth };
}
