import type { userUpdateBody } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../platform/caller';
import type { Tx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { updateMember } from './member-admin.service';
import { users } from './members.schema';

/**
 * Enables (1) or disables (2) a member as the edit form does, through its own service `updateMember` with the
 * member's fields as they are: the same rules, the sessions of a disabled member ended, one 'update' audit row
 * (docs/product/members.md, "Bulk actions").
 */
export async function setMemberStatus(tx: Tx, actor: Caller, id: number, status: 1 | 2): Promise<void> {
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, false)));
  if (!member) throw notFound('access.userNotFound');
  const unchanged: z.output<typeof userUpdateBody> = {
    display_name: member.displayName ?? undefined,
    // Kept as stored (a member made before phones were required may have none).
    phone: member.phone as string,
    level_id: member.levelId,
    platform_id: member.platformId ?? undefined,
    identity: member.identity ?? undefined,
    status,
  };
  await updateMember(tx, actor, id, unchanged);
}
