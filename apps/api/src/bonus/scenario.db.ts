import { orders } from '../orders/orders.schema';
import type { Db } from '../platform/db/client';
import { qualifiedCps } from '../programmes/programmes.schema';
import { providers } from '../providers/providers.schema';
import type { TestFactory } from '../test/factory';
import { NAMES, type Name, ORDERS, PROVIDERS, TREE } from './engine/scenario.fixture';

/**
 * Builds the hand-computed scenario of engine/scenario.fixture.ts in a database: members through the
 * factory, providers, the Qualified CP and the orders, plus orders that must earn nothing
 * (not done, a refund row, already refunded, completed next month).
 */
export async function buildScenario(db: Db, factory: TestFactory) {
  const ids = {} as Record<Name, number>;
  const logins = {} as Record<Name, string>;
  for (const name of NAMES) {
    const node = TREE[name];
    const user = await factory.member({
      name: `scn_${name.toLowerCase()}_${Math.random().toString(36).slice(2, 7)}`,
      levelId: node.level,
      parentUserId: node.parent ? ids[node.parent] : null,
      iblommerParentUserId: node.iblommer ? ids[node.iblommer] : null,
    });
    ids[name] = user.id;
    logins[name] = user.name;
    if (node.cp) await db.insert(qualifiedCps).values({ userId: user.id });
  }
  const providerIds: Record<string, number> = {};
  for (const [ref, referrer] of Object.entries(PROVIDERS)) {
    const [p] = await db
      .insert(providers)
      .values({
        name: `${ref} ${ids[referrer]}`,
        proportionBp: 1000,
        email: `${ref}@p.test`,
        referrerUserId: ids[referrer],
      })
      .returning();
    providerIds[ref] = p!.id;
  }
  const orderIds: Record<string, number> = {};
  const orderNos: Record<string, string> = {};
  const insert = async (
    ref: string,
    values: Partial<typeof orders.$inferInsert> & { userId: number; salesPoint: number; completedAt: Date },
  ) => {
    const [row] = await db
      .insert(orders)
      .values({
        platformOrderNo: `PO-${ref}-${values.userId}-${Math.random().toString(36).slice(2, 8)}`,
        sourceType: 2,
        productName: `product ${ref}`,
        amountCents: values.salesPoint * 100,
        orderAt: values.completedAt,
        ...values,
      })
      .returning();
    orderIds[ref] = row!.id;
    orderNos[ref] = row!.orderNo;
  };
  for (const o of ORDERS)
    await insert(o.ref, {
      userId: ids[o.buyer],
      salesPoint: o.sp,
      sourceType: o.sourceType,
      providerId: o.provider ? providerIds[o.provider] : null,
      completedAt: new Date(`${o.day}T12:00:00Z`),
    });
  const noise = { userId: ids.F, salesPoint: 9000 };
  await insert('notDone', { ...noise, status: 0, completedAt: new Date('2026-10-05T12:00:00Z') });
  await insert('refundRow', {
    ...noise,
    platformOrderNoOrigin: 'PO-x',
    completedAt: new Date('2026-10-06T12:00:00Z'),
  });
  await insert('refunded', {
    ...noise,
    refundedAt: new Date(),
    completedAt: new Date('2026-10-07T12:00:00Z'),
  });
  await insert('nextMonth', { ...noise, completedAt: new Date('2026-11-01T00:00:00Z') });
  return { ids, logins, providerIds, orderIds, orderNos };
}
