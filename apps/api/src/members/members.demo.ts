import type { DbOrTx } from '../platform/db/client';
import type { DemoWorld } from '../seed/demo-world';
import { credLogs, reportPackages } from './members.schema';

/** Demo report numbers and credit logs for a few members. */
export async function seedMembersDemo(db: DbOrTx, world: DemoWorld): Promise<void> {
  const { rng, demoMember, members } = world;
  const granted = [demoMember, ...members.slice(4, 40).filter(() => rng.chance(0.3))];
  for (const member of granted) {
    const [pkg] = await db
      .insert(reportPackages)
      .values({
        userId: member.id,
        freeNumber: rng.chance(0.2) ? -1 : rng.int(0, 5),
        professionalNumber: rng.int(0, 3),
        expertNumber: rng.int(0, 2),
        loveNumber: rng.int(1, 3),
        remark: 'welcome package',
        createdBy: world.superAdmin.id,
        createdAt: member.createdAt,
      })
      .returning();
    await db.insert(credLogs).values([
      {
        userId: member.id,
        ref: `RP${pkg!.id}`,
        creds: 3,
        ctype: 'report_package',
        entry: 'in',
        createdAt: member.createdAt,
      },
      { userId: member.id, ref: `AI-${member.userNo}-1`, creds: 1, ctype: 'love_report', entry: 'out' },
    ]);
  }
}
