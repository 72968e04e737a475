import { ASSESSMENT, type WecConditionProgress } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { countingOrder } from '../bonus/settlement';
import { type DbOrTx, queryRows } from '../platform/db/client';

/** The assessment window: from pressing Start for 60 days (end exclusive: day 60 counts, day 61 not). */
export const assessmentEnd = (startedAt: Date) =>
  new Date(startedAt.getTime() + ASSESSMENT.periodDays * 24 * 60 * 60 * 1000);

/**
 * Progress of each joining condition (docs/product/programmes.md) inside [from, to), from the tree and real orders:
 * new direct referrals (and how many of them are level ≥ 2 now), SP bought by the 2nd and 3rd
 * generation, and new directly referred channel providers.
 */
export async function wecProgress(
  db: DbOrTx,
  userId: number,
  from: Date,
  to: Date,
): Promise<WecConditionProgress[]> {
  const f = from.toISOString();
  const t = to.toISOString();
  const generationSp = (n: number) => sql`(
    select coalesce(sum(o.sales_point), 0)::bigint from orders o join users b on b.id = o.user_id
    where b.tree_path like me.tree_path || '%' and b.tree_depth = me.tree_depth + ${n}
      and ${countingOrder} and o.completed_at >= ${f} and o.completed_at < ${t})`;
  const [row] = await queryRows<{
    direct: number;
    pioneer: number;
    gen2: string | number;
    gen3: string | number;
    providers: number;
  }>(
    db,
    sql`select
          (select count(*)::int from users u where u.parent_user_id = me.id and u.created_at >= ${f} and u.created_at < ${t}) as direct,
          (select count(*)::int from users u where u.parent_user_id = me.id and u.created_at >= ${f} and u.created_at < ${t}
             and u.level_id >= 2) as pioneer,
          ${generationSp(2)} as gen2,
          ${generationSp(3)} as gen3,
          (select count(*)::int from providers p where p.referrer_user_id = me.id and p.created_at >= ${f} and p.created_at < ${t}) as providers
        from users me where me.id = ${userId}`,
  );
  const progress = (key: WecConditionProgress['key'], current: number, required: number) => ({
    key,
    current,
    required,
    completed: current >= required,
  });
  return [
    progress('directReferrals', Number(row?.direct ?? 0), ASSESSMENT.directReferrals),
    progress('directReferralsPioneer', Number(row?.pioneer ?? 0), ASSESSMENT.directReferralsPioneerOrAbove),
    progress('secondGenerationSp', Number(row?.gen2 ?? 0), ASSESSMENT.secondGenerationSp),
    progress('thirdGenerationSp', Number(row?.gen3 ?? 0), ASSESSMENT.thirdGenerationSp),
    progress('directProviders', Number(row?.providers ?? 0), ASSESSMENT.directProviders),
  ];
}
