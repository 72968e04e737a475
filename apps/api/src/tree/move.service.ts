import { type MoveResult, ResultCode } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import { type Db, queryRows, withoutStatementTimeout } from '../platform/db/client';
import { AppError, badRequest, notFound } from '../platform/http/errors';
import { findPosition, inSubtree } from './tree.queries';
import { col } from './tree-columns';
import { lockTree, type TreeKind } from './tree-path';

/**
 * Moves a member and its whole downline under a new parent (in the iBloomer tree also under none: the
 * member leaves its line and tops its own) in one transaction:
 * one UPDATE rewrites the path prefix and shifts the depth of every row of the
 * subtree. Moves of one tree are serialised by its advisory lock (`lockTree`)
 * so two concurrent moves cannot build a cycle between them, and members
 * created meanwhile wait for the new paths.
 *
 * The UPDATE of `users` also fires the orders totals trigger `users_order_totals_move` (migration
 * 0001_functions_and_triggers.sql): once any downline scope exists, it moves the orders of every
 * moved member out of the scopes they left and into those they joined, in this transaction, and
 * order writers wait on the same tree lock. A large move costs that much longer
 * (orders/totals/README.md, "The triggers").
 */
export async function moveSubtree(
  db: Db,
  actor: Caller,
  tree: TreeKind,
  input: { user_id: number; parent_user_id: number | null },
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    // A downline of hundreds of thousands moves in minutes: the administrator asked for all of it.
    await withoutStatementTimeout(tx);
    await lockTree(tx, tree, 'exclusive');
    const node = await findPosition(tx, tree, input.user_id);
    if (!node) throw notFound('access.userNotFound');
    const parent = input.parent_user_id === null ? null : await findPosition(tx, tree, input.parent_user_id);
    if (input.parent_user_id !== null && !parent) throw badRequest('access.parentNotFound');
    if (parent?.path.startsWith(node.path)) throw new AppError(ResultCode.CONFLICT, 'tree.cycle');
    const newPath = `${parent?.path ?? '/'}${node.id}/`;
    const depth = parent ? parent.depth + 1 : 0;
    const parentId = parent?.id ?? null;
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`update users u set
            ${col(tree, 'path', '')} = ${newPath} || substr(${col(tree, 'path')}, ${node.path.length + 1}),
            ${col(tree, 'depth', '')} = ${col(tree, 'depth')} + ${depth - node.depth},
            ${col(tree, 'parent', '')} = case when u.id = ${node.id} then ${parentId}::int else ${col(tree, 'parent')} end,
            ${tree === 'iblommer' ? joinedLine(node.id, parentId) : sql``}
            updated_at = case when u.id = ${node.id} then now() else u.updated_at end
          where ${inSubtree(tree, node.path)}
          returning u.id`,
    );
    await audit(tx, actor, {
      action: 'move',
      entity: tree === 'sponsor' ? 'user.sponsor' : 'user.iblommer',
      entityId: node.id,
      before: { parent_user_id: node.parent_id, path: node.path, depth: node.depth },
      after: { parent_user_id: parentId, path: newPath, depth, moved: moved.length },
    });
    return { user_id: node.id, parent_user_id: parentId, moved: moved.length };
  });
}

/** A member joins an iBloomer line when it first gets an upline there (kept on later moves), and leaves it with none. */
function joinedLine(id: number, parentId: number | null): SQL {
  const joined = parentId === null ? sql`null` : sql`coalesce(u.iblommer_joined_at, now())`;
  return sql`iblommer_joined_at = case when u.id = ${id} then ${joined} else u.iblommer_joined_at end,`;
}
