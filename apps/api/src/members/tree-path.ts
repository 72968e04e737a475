import { type SQL, sql } from 'drizzle-orm';

/**
 * Materialised paths look like '/1/5/23/'. Every descendant's path starts with
 * its ancestor's path, so "below `path`" is the index range
 * [path, path with its final '/' replaced by '0') under text_pattern_ops.
 */
export function pathRange(column: SQL | SQL.Aliased | unknown, path: SQL | string): SQL {
  return sql`(${column} ~>=~ ${path} and ${column} ~<~ (left(${path}, -1) || '0'))`;
}

/** Ids of the ancestors in a path, top-down, without the node itself. */
export function ancestorIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number).slice(0, -1);
}
