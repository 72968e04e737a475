import { count, eq } from 'drizzle-orm';
import { roles } from '../access/access.schema';
import { ADMIN_ROLE } from '../access/bootstrap';
import { hashPassword } from '../access/passwords';
import { seedBonuses } from '../bonus/bonus.seed';
import { seedContent } from '../content/content.seed';
import { seedMembersDemo } from '../members/members.demo';
import { type UserRow, users } from '../members/members.schema';
import { createAdmin, createMember } from '../members/members.service';
import { seedOrders } from '../orders/orders.seed';
import type { Db, DbOrTx } from '../platform/db/client';
import { seedProgrammes } from '../programmes/programmes.seed';
import { seedWallets } from '../wallet/wallet.seed';
import type { DemoWorld } from './demo-world';
import { personName } from './names';
import { type Random, seededRandom } from './random';

export const DEMO_LOGINS = [
  { role: 'super admin', account: 'admin', password: 'admin123' },
  { role: 'operator', account: 'operator', password: 'operator123' },
  { role: 'member', account: 'member', password: 'member123' },
] as const;

/**
 * Seeders of each domain, run in order on one world. A domain adds its demo
 * data (providers, orders, wallets…) by appending its seeder here.
 */
const domainSeeders: Array<(db: DbOrTx, world: DemoWorld) => Promise<void>> = [
  seedContent,
  seedWallets,
  seedOrders,
  seedMembersDemo,
  seedProgrammes,
  seedBonuses,
];

/** Loads the demo data set on an empty database; returns whether it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction((tx) => seedDemo(tx));
  return true;
}

export async function seedDemo(db: DbOrTx): Promise<DemoWorld> {
  const rng = seededRandom(20261122);
  const superAdmin = await createAdmin(db, {
    name: 'admin',
    email: 'admin@demo.local',
    phone: '85200000000',
    password: DEMO_LOGINS[0].password,
    isSuper: true,
  });
  const [operatorRole] = await db.select().from(roles).where(eq(roles.name, ADMIN_ROLE));
  await createAdmin(db, {
    name: 'operator',
    email: 'operator@demo.local',
    phone: '85200000001',
    password: DEMO_LOGINS[1].password,
    roleIds: operatorRole ? [operatorRole.id] : [],
  });
  const members = await seedMemberTree(db, rng);
  const demoMember = members.find((m) => m.name === 'member')!;
  const world: DemoWorld = { rng, superAdmin, demoMember, members };
  for (const seed of domainSeeders) await seed(db, world);
  return world;
}

/** Three top sponsors and a few hundred members below them over several levels; `member` sits at depth 1. */
async function seedMemberTree(db: DbOrTx, rng: Random): Promise<UserRow[]> {
  const passwordHash = await hashPassword('member123');
  const members: UserRow[] = [];
  const start = Date.now() - 400 * 86_400_000;
  const make = async (name: string, parent: UserRow | null, levelId: number) => {
    const user = await createMember(db, {
      name,
      displayName: name === 'member' ? 'Demo Member' : personName(rng),
      email: `${name}@demo.local`,
      phone: `852${String(60000000 + members.length).padStart(8, '0')}`,
      password: '',
      passwordHash,
      parentUserId: parent?.id ?? null,
      iblommerParentUserId: parent && rng.chance(0.3) ? parent.id : null,
      levelId,
      platformId: String(5000 + members.length),
      createdAt: new Date(start + members.length * 86_400_000 * (380 / 320)),
    });
    members.push(user);
    return user;
  };
  const roots = [
    await make('founder', null, 4),
    await make('pioneer_hk', null, 3),
    await make('pioneer_sg', null, 2),
  ];
  await make('member', roots[0]!, 3);
  const frontier = [...members];
  while (members.length < 320) {
    const parent = frontier[Math.floor(rng.next() ** 1.5 * frontier.length)]!;
    const child = await make(
      `m${String(members.length).padStart(4, '0')}`,
      parent,
      rng.weighted([1, 2, 3, 4], [45, 30, 17, 8]),
    );
    frontier.push(child);
  }
  return members;
}
