import { type MessageKey, ResultCode, systemText } from '@app/contracts';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { userRoles } from '../access/access.schema';
import { memberRoleId } from '../access/bootstrap';
import { hashPassword } from '../access/passwords';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { AppError, conflict, fieldError } from '../platform/http/errors';
import { lockTree, type TreeKind } from '../tree/tree-path';
import { levelHistory, type UserRow, users } from './members.schema';

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

/**
 * Sign-in takes a name or an e-mail (session.routes.ts), so names and e-mails are one namespace of login
 * identifiers across every account, compared lower-cased. Each identifier's transaction-scoped advisory
 * lock (taken in sorted order) makes two transactions claiming the same one wait for each other, so the
 * second sees the first's row; held by the caller's transaction until it ends.
 */
async function lockLoginIdentifiers(db: DbOrTx, identifiers: string[]): Promise<void> {
  for (const identifier of [...identifiers].sort())
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${identifier}`}))`);
}

/** Refuses a name or e-mail another account signs in with (as either) and a phone another account has. */
export async function assertUnique(
  db: DbOrTx,
  input: { name?: string; email?: string | null; phone?: string | null },
  exceptId?: number,
) {
  const name = input.name?.toLowerCase();
  const email = input.email?.toLowerCase() || undefined;
  const identifiers = [...new Set([name, email].filter((v): v is string => Boolean(v)))];
  await lockLoginIdentifiers(db, identifiers);
  const claimed = or(
    identifiers.length ? inArray(sql`lower(${users.name})`, identifiers) : undefined,
    identifiers.length ? inArray(sql`lower(${users.email})`, identifiers) : undefined,
    input.phone ? eq(users.phone, input.phone) : undefined,
  );
  if (!claimed) return;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(claimed);
  for (const row of rows) {
    if (row.id === exceptId) continue;
    const [rowName, rowEmail] = [row.name.toLowerCase(), row.email?.toLowerCase()];
    if (name && rowName === name) throw conflict('access.usernameExists');
    if (name && rowEmail === name) throw conflict('access.nameIsAnEmail');
    if (email && rowEmail === email) throw conflict('access.emailExists');
    if (email && rowName === email) throw conflict('access.emailIsAName');
    if (input.phone && row.phone === input.phone) throw conflict('access.phoneExists');
  }
}

type UniqueField = 'name' | 'email' | 'phone';
const REFUSAL_FIELD: Partial<Record<MessageKey, UniqueField>> = {
  'access.usernameExists': 'name',
  'access.nameIsAnEmail': 'name',
  'access.emailExists': 'email',
  'access.emailIsAName': 'email',
  'access.phoneExists': 'phone',
};

/** `work`'s uniqueness refusal (assertUnique) as a 422 on the form field it concerns; `renamed` maps form names. */
export async function uniqueOnFields<T>(
  work: () => Promise<T>,
  renamed: Partial<Record<UniqueField, string>> = {},
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const field = error instanceof AppError ? REFUSAL_FIELD[error.key] : undefined;
    throw field ? fieldError(renamed[field] ?? field, (error as AppError).key) : error;
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
    await tx
      .insert(levelHistory)
      .values({ userId: id, levelId, remark: systemText('remark.registration'), createdAt });
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
