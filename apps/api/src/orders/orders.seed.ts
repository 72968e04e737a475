import { ORDER_SUBTYPES, SourceType } from '@app/contracts';
import type { DbOrTx } from '../platform/db/client';
import { type ProductRow, products } from '../products/products.schema';
import { type ProviderRow, providers } from '../providers/providers.schema';
import type { DemoWorld } from '../seed/demo-world';
import { orders } from './orders.schema';

const PROVIDERS = [
  { name: 'Bloom Academy', proportionBp: 1500 },
  { name: 'Insight AI Labs', proportionBp: 2000 },
  { name: 'Harbour Learning', proportionBp: 1250 },
  { name: 'Lotus Coaching', proportionBp: 1000 },
  { name: 'Summit Courses', proportionBp: 800 },
  { name: 'Retired Partner', proportionBp: 500, status: 2 },
];

const PRODUCTS: Array<Omit<typeof products.$inferInsert, 'providerId'> & { provider: number }> = [
  {
    name: 'Pioneer membership',
    provider: 0,
    priceCents: 98_000,
    salesPoints: 980,
    sourceType: SourceType.membership,
    grantsLevelId: 2,
    tags: ['membership'],
  },
  {
    name: 'Special membership',
    provider: 0,
    priceCents: 298_000,
    salesPoints: 2_980,
    sourceType: SourceType.membership,
    grantsLevelId: 3,
    tags: ['membership', 'vip'],
  },
  {
    name: 'Life-time Scholar membership',
    provider: 0,
    priceCents: 880_000,
    salesPoints: 8_800,
    sourceType: SourceType.membership,
    grantsLevelId: 4,
    tags: ['membership', 'vip'],
  },
  {
    name: 'Public speaking course',
    provider: 2,
    priceCents: 45_000,
    salesPoints: 450,
    sourceType: SourceType.paidCourse,
    tags: ['course', 'communication'],
  },
  {
    name: 'Leadership masterclass',
    provider: 3,
    priceCents: 128_000,
    salesPoints: 1_280,
    sourceType: SourceType.paidCourse,
    tags: ['course', 'leadership', 'vip'],
  },
  {
    name: 'Mindful parenting course',
    provider: 4,
    priceCents: 36_000,
    salesPoints: 360,
    sourceType: SourceType.paidCourse,
    tags: ['course', 'family'],
  },
  {
    name: 'AI character profile: basic',
    provider: 1,
    priceCents: 9_900,
    salesPoints: 99,
    sourceType: SourceType.aiProfiling,
    tags: ['ai', 'report'],
  },
  {
    name: 'AI character profile: professional',
    provider: 1,
    priceCents: 39_900,
    salesPoints: 399,
    sourceType: SourceType.aiProfiling,
    tags: ['ai', 'report', 'vip'],
  },
  {
    name: 'Legacy workshop',
    provider: 5,
    priceCents: 20_000,
    salesPoints: 200,
    sourceType: SourceType.paidCourse,
    tags: ['course'],
    status: 2,
  },
];

const ORDER_COUNT = 3_000;
const DAY = 86_400_000;

/**
 * Demo sales: providers (some referred by members, one disabled), products of the three source
 * types with tags, and a few thousand orders over the last six months among the demo members,
 * with the buyer's sponsor as referer, a few renewals and credit orders and one refund.
 * Membership orders go to members already at (or above) the level they grant.
 */
export async function seedOrders(db: DbOrTx, { rng, members }: DemoWorld) {
  const provs: ProviderRow[] = await db
    .insert(providers)
    .values(
      PROVIDERS.map((p, i) => ({
        ...p,
        email: `partner${i + 1}@demo.local`,
        phone: `8522${String(1000000 + i)}`,
        referrerUserId: i < 4 ? members[i * 3]!.id : null,
      })),
    )
    .returning();
  const prods: ProductRow[] = await db
    .insert(products)
    .values(PRODUCTS.map(({ provider, ...p }) => ({ ...p, providerId: provs[provider]!.id })))
    .returning();
  const sellable = prods.filter((p) => p.status === 1);
  const now = Date.now();
  const rows: Array<typeof orders.$inferInsert> = [];
  for (let i = 0; i < ORDER_COUNT; i++) {
    const buyer = rng.pick(members);
    const candidates = sellable.filter((p) => !p.grantsLevelId || p.grantsLevelId <= buyer.levelId);
    const product = rng.pick(candidates.length > 0 ? candidates : sellable);
    const provider = provs.find((p) => p.id === product.providerId)!;
    const orderAt = new Date(now - Math.floor(rng.next() * 180 * DAY));
    const supplierRebate = Math.floor((product.priceCents * provider.proportionBp) / 10_000);
    const platformRebate = Math.floor(product.priceCents / 50);
    rows.push({
      platformOrderNo: `WP${String(700000 + i)}`,
      status: rng.chance(0.02) ? 0 : 1,
      subtype: rng.weighted(ORDER_SUBTYPES, [5, 15, 80]),
      sourceType: product.sourceType,
      userId: buyer.id,
      refererUserId: buyer.parentUserId,
      productId: product.id,
      productName: product.name,
      providerId: provider.id,
      amountCents: product.priceCents,
      salesPoint: product.salesPoints,
      platformProfitCents: product.priceCents - supplierRebate - platformRebate,
      platformRebateCents: platformRebate,
      supplierRebateCents: supplierRebate,
      orderAt,
      completedAt: new Date(orderAt.getTime() + rng.int(1, 120) * 60_000),
    });
  }
  rows.sort((a, b) => a.orderAt.getTime() - b.orderAt.getTime());
  const refunded = rows[rows.length - 10]!;
  // Its refund confirmed (refund-wallet), so the demo shows an original marked refunded beside its refund row.
  refunded.refundedAt = new Date(now);
  rows.push({
    ...refunded,
    refundedAt: null,
    platformOrderNo: `${refunded.platformOrderNo}-R`,
    status: 2,
    platformOrderNoOrigin: refunded.platformOrderNo,
    refundNo: 'RF20260001',
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(orders).values(rows.slice(i, i + 500));
}
