import { ResultCode } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { userRoles } from '../access/access.schema';
import { memberRoleId } from '../access/bootstrap';
import { hashPassword } from '../access/passwords';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { AppError, conflict } from '../platform/http/errors';
import { levelHistory, type UserRow, users } from './members.schema';
import { lockTree, type TreeKind } from './tree-path';

export interface NewMemberInput {
  name: string;
  email: string;
  phone?: string | null;
  password: string;
  /** Seeders pass one precomputed hash instead of hashing every member's password. */
  passwordHash?: string;
  displayName?: string | null;
  parentUserId?: number | null;
  iblommerParentUserId?: number | null;
  levelId?: number;
  platformId?: string | null;
  identity?: string | null;
  /** 1 enabled (default), 2 disabled. */
  status?: number;
  createdAt?: Date;
}

async function nextUserId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('users', 'id')) as id`,
  );
  return Number(row!.id);
}

/** Position in a tree under `parentId`: depth and materialised path ending with the node itself. */
async function treePlacement(db: DbOrTx, id: number, parentId: number | null | undefined, tree: TreeKind) {
  if (!parentId) return { depth: 0, path: `/${id}/` };
  const [parent] = await db.select().from(users).where(eq(users.id, parentId));
  if (!parent || parent.isAdmin) throw new AppError(ResultCode.BAD_REQUEST, 'access.parentNotFound');
  return tree === 'sponsor'
    ? { depth: parent.treeDepth + 1, path: `${parent.treePath}${id}/` }
    : { depth: parent.iblommerDepth + 1, path: `${parent.iblommerPath}${id}/` };
}

export async function assertUnique(
  db: DbOrTx,
  input: { name: string; email?: string | null; phone?: string | null },
  exceptId?: number,
) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(
      sql`(lower(${users.name}) = lower(${input.name}) or lower(${users.email}) = lower(${input.email ?? ''}) or (${input.phone ?? ''} <> '' and ${users.phone} = ${input.phone ?? ''}))`,
    );
  for (const row of rows) {
    if (row.id === exceptId) continue;
    if (row.name.toLowerCase() === input.name.toLowerCase()) throw conflict('access.usernameExists');
    if (input.email && row.email?.toLowerCase() === input.email.toLowerCase())
      throw conflict('access.emailExists');
    if (input.phone && row.phone === input.phone) throw conflict('access.phoneExists');
  }
}

/**
 * Creates a member under a sponsor (and optionally an iBloomer parent) with the
 * Member role. The parents' paths are read under the trees' shared locks so a
 * concurrent move of the parent's subtree cannot leave the new member with a
 * stale path; a caller's transaction is joined (savepoint).
 */
export async function createMember(db: DbOrTx, input: NewMemberInput): Promise<UserRow> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password));
  return db.transaction(async (tx) => {
    if (input.parentUserId) await lockTree(tx, 'sponsor', 'shared');
    if (input.iblommerParentUserId) await lockTree(tx, 'iblommer', 'shared');
    await assertUnique(tx, input);
    const id = await nextUserId(tx);
    const sponsor = await treePlacement(tx, id, input.parentUserId, 'sponsor');
    const iblommer = await treePlacement(tx, id, input.iblommerParentUserId, 'iblommer');
    const levelId = input.levelId ?? 1;
    const createdAt = input.createdAt ?? new Date();
    const [user] = await tx
      .insert(users)
      .values({
        id,
        name: input.name,
        displayName: input.displayName ?? null,
        email: input.email,
        phone: input.phone ?? null,
        passwordHash,
        levelId,
        parentUserId: input.parentUserId ?? null,
        treeDepth: sponsor.depth,
        treePath: sponsor.path,
        iblommerParentUserId: input.iblommerParentUserId ?? null,
        iblommerDepth: iblommer.depth,
        iblommerPath: iblommer.path,
        iblommerJoinedAt: input.iblommerParentUserId ? createdAt : null,
        platformId: input.platformId ?? null,
        identity: input.identity ?? null,
        status: input.status ?? 1,
        createdAt,
      })
      .returning();
    await tx.insert(userRoles).values({ userId: id, roleId: await memberRoleId(tx) });
    await tx.insert(levelHistory).values({ userId: id, levelId, remark: 'registration', createdAt });
    return user!;
  });
}

export interface NewAdminInput {
  name: string;
  email: string;
  phone?: string | null;
  password: string;
  isSuper?: boolean;
  roleIds?: number[];
  avatar?: string | null;
  status?: number;
}

export async function createAdmin(db: DbOrTx, input: NewAdminInput): Promise<UserRow> {
  await assertUnique(db, input);
  const id = await nextUserId(db);
  const [user] = await db
    .insert(users)
    .values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      avatar: input.avatar ?? null,
      passwordHash: await hashPassword(input.password),
      isAdmin: true,
      isSuper: input.isSuper ?? false,
      status: input.status ?? 1,
      treePath: `/${id}/`,
      iblommerPath: `/${id}/`,
    })
    .returning();
  if (input.roleIds?.length)
    await db.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: id, roleId })));
  return user!;
}
