import {
  formatCents,
  type MessageKey,
  type reportNumberBody,
  systemText,
  type userCreateBody,
  type userUpdateBody,
} from '@app/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword } from '../access/passwords';
import { endSessions } from '../access/sessions';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { FOREIGN_KEY_VIOLATION, hasSqlState } from '../platform/db/errors';
import { AppError, conflict, fieldError, notFound } from '../platform/http/errors';
import { moveSubtree } from '../tree/move.service';
import { pathRange } from '../tree/tree-path';
import { dropUnusedWallet } from '../wallet/ledger';
import { wallets } from '../wallet/wallet.schema';
import { credLogs, levelHistory, levels, reportPackages, type UserRow, users } from './members.schema';
import { assertUnique, createMember, uniqueOnFields } from './members.service';

/** A member (never an administrator) by id, locked for the change. */
async function lockMember(db: DbOrTx, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, false)))
    .for('update');
  if (!row) throw notFound('access.userNotFound');
  return row;
}

export async function assertLevelExists(db: DbOrTx, levelId: number): Promise<void> {
  const [level] = await db.select({ id: levels.id }).from(levels).where(eq(levels.id, levelId));
  if (!level) throw fieldError('level_id', 'members.levelNotFound');
}

/** An administrator adds a member (the admin form's fields), audited without the password. */
export async function addMember(
  db: DbOrTx,
  actor: Caller,
  body: z.output<typeof userCreateBody>,
): Promise<{ id: number; user_no: string }> {
  await assertLevelExists(db, body.level_id);
  const created = await uniqueOnFields(() =>
    createMember(db, {
      name: body.name,
      email: body.email,
      phone: body.phone,
      password: body.password,
      displayName: body.display_name || null,
      parentUserId: body.parent_user_id,
      iblommerParentUserId: body.iblommer_parent_user_id ?? null,
      levelId: body.level_id,
      platformId: body.platform_id || null,
      identity: body.identity || null,
      status: body.status,
    }),
  );
  const { password: _p, ...after } = body;
  await audit(db, actor, { action: 'create', entity: 'user', entityId: created.id, after });
  return { id: created.id, user_no: created.userNo };
}

/**
 * Edits a member: name and email stay; a level change is written to level_history; a new iBloomer upline
 * moves the member there with its iBloomer downline (`moveSubtree`, audited as a move).
 */
export async function updateMember(
  db: Db,
  actor: Caller,
  id: number,
  body: z.output<typeof userUpdateBody>,
): Promise<void> {
  // Before the member's row lock: a move takes the tree lock first, then the rows it moves.
  if (body.iblommer_parent_user_id !== undefined)
    await moveIblommer(db, actor, id, body.iblommer_parent_user_id);
  const before = await lockMember(db, id);
  await uniqueOnFields(() => assertUnique(db, { phone: body.phone }, id));
  await assertLevelExists(db, body.level_id);
  const changes: Partial<UserRow> = {
    displayName: body.display_name || null,
    phone: body.phone,
    levelId: body.level_id,
    platformId: body.platform_id || null,
    identity: body.identity || null,
    status: body.status,
    updatedAt: new Date(),
  };
  // A new password or a disabled account ends the member's sessions.
  if (body.password) changes.passwordHash = await hashPassword(body.password);
  await db.update(users).set(changes).where(eq(users.id, id));
  if (body.password || (body.status !== 1 && before.status === 1)) await endSessions(db, id);
  if (body.level_id !== before.levelId) {
    await db.insert(levelHistory).values({
      userId: id,
      levelId: body.level_id,
      remark: body.level_remark || systemText('remark.adminChange'),
    });
  }
  await audit(db, actor, {
    action: 'update',
    entity: 'user',
    entityId: id,
    before: pick(before),
    after: { ...pick({ ...before, ...changes }), passwordChanged: Boolean(body.password) },
  });
}

/** Moves the member under `parentId` in the iBloomer tree unless it is there; a refusal names the form field. */
async function moveIblommer(db: Db, actor: Caller, id: number, parentId: number | null) {
  const [row] = await db.select({ parentId: users.iblommerParentUserId }).from(users).where(eq(users.id, id));
  if (!row || row.parentId === parentId) return;
  try {
    await moveSubtree(db, actor, 'iblommer', { user_id: id, parent_user_id: parentId });
  } catch (error) {
    if (error instanceof AppError && MOVE_REFUSALS.includes(error.key))
      throw fieldError('iblommer_parent_user_id', error.key);
    throw error;
  }
}
const MOVE_REFUSALS: MessageKey[] = ['access.parentNotFound', 'tree.cycle'];

const pick = (u: UserRow) => ({
  displayName: u.displayName,
  phone: u.phone,
  levelId: u.levelId,
  platformId: u.platformId,
  identity: u.identity,
  status: u.status,
});

/**
 * Deletes a member that has nobody below it in either tree and no money.
 * Orders or ledger entries that still refer to it make the delete refuse too.
 */
export async function deleteMember(db: DbOrTx, actor: Caller, id: number): Promise<void> {
  const row = await lockMember(db, id);
  const [below] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        or(pathRange(users.treePath, row.treePath), pathRange(users.iblommerPath, row.iblommerPath)),
        sql`${users.id} <> ${id}`,
      ),
    );
  if (below && below.n > 0) throw conflict('members.hasDownline', { count: below.n });
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, id));
  const money = (wallet?.availableCents ?? 0) + (wallet?.frozenCents ?? 0);
  if (money > 0) throw conflict('members.hasMoney', { amount: formatCents(money) });
  try {
    await db.transaction(async (sp) => {
      await sp.delete(reportPackages).where(eq(reportPackages.userId, id));
      await sp.delete(credLogs).where(eq(credLogs.userId, id));
      await sp.delete(levelHistory).where(eq(levelHistory.userId, id));
      await dropUnusedWallet(sp, id);
      await sp.delete(users).where(eq(users.id, id));
    });
  } catch (error) {
    if (hasSqlState(error, FOREIGN_KEY_VIOLATION)) throw conflict('members.hasHistory');
    throw error;
  }
  await audit(db, actor, {
    action: 'delete',
    entity: 'user',
    entityId: id,
    before: { name: row.name, userNo: row.userNo, email: row.email },
  });
}

/** Grants report numbers (docs/product/members.md) and logs the credit. */
export async function addReportPackage(
  db: DbOrTx,
  actor: Caller,
  userId: number,
  body: z.output<typeof reportNumberBody>,
) {
  await lockMember(db, userId);
  const [pkg] = await db
    .insert(reportPackages)
    .values({
      userId,
      freeNumber: body.free_number,
      professionalNumber: body.professional_number,
      expertNumber: body.expert_number,
      foundationNumber: body.foundation_number,
      loveNumber: body.love_number,
      workWealthNumber: body.work_wealth_number,
      essentialLifeNumber: body.essential_life_number,
      remark: body.remark,
      createdBy: actor.id,
    })
    .returning();
  await db.insert(credLogs).values({
    userId,
    ref: `RP${pkg!.id}`,
    creds: packageCredits(body),
    ctype: 'report_package',
    entry: 'in',
  });
  await audit(db, actor, {
    action: 'create',
    entity: 'report_package',
    entityId: pkg!.id,
    after: { userId, ...body },
  });
  return pkg!;
}

/** Credits a package adds: the sum of its counted reports (unlimited free reports add none). */
const packageCredits = (b: z.output<typeof reportNumberBody>) =>
  Math.max(0, b.free_number) +
  b.professional_number +
  b.expert_number +
  b.foundation_number +
  b.love_number +
  b.work_wealth_number +
  b.essential_life_number;
