import type { BonusProgress, MemberProgress } from '@app/contracts';

/** One line of a member's progress: what it is, the figure now, the target it counts to, what counts toward it. */
export interface ProgressLine {
  key: string;
  title: string;
  /** The figure now, as shown. */
  value: string;
  /** A figure counting to a target (drawn as a bar); null where the step is not a number to reach. */
  toward: { current: number; target: number } | null;
  /** What counts toward it, or why it does not apply yet. */
  note: string;
  met: boolean;
}

type T = (key: string, params?: Record<string, string | number>) => string;
type Count = (value: number) => string;

/** The percent of a target reached. */
export const percentOf = ({ current, target }: { current: number; target: number }) =>
  target <= 0 ? 100 : Math.min(100, Math.floor((current / target) * 100));

function bonusLine(bonus: BonusProgress, t: T, count: Count): ProgressLine {
  const sp = t('progress.sp', { sp: count(bonus.counted_sp) });
  const base = { key: `bonus-${bonus.type_key}`, title: bonus.type_name, value: sp };
  if (!bonus.eligible)
    return {
      ...base,
      toward: null,
      met: false,
      note: t('progress.fromLevel', { level: bonus.min_level.name }),
    };
  if (bonus.shares) {
    const { held, cap, next_at } = bonus.shares;
    return {
      ...base,
      value: t('progress.sharesHeld', { held, cap }),
      toward: next_at === null ? null : { current: bonus.counted_sp, target: next_at },
      met: next_at === null,
      note:
        next_at === null
          ? t('progress.sharesCapped', { sp })
          : t('progress.nextShare', { sp, target: count(next_at) }),
    };
  }
  const depths =
    bonus.depths.max === null
      ? t('progress.downlineFrom', { min: bonus.depths.min })
      : t('progress.downlineBetween', { min: bonus.depths.min, max: bonus.depths.max });
  return {
    ...base,
    toward: null,
    met: true,
    note: `${depths} · ${t('progress.soFar', { amount: bonus.amount_so_far })}`,
  };
}

/** Every line of the member's progress: the level, the monthly bonuses, the WEC conditions. */
export function progressLines(progress: MemberProgress, t: T, count: Count): ProgressLine[] {
  const { level, wec } = progress;
  const levelLine: ProgressLine = {
    key: 'level',
    title: t('progress.level'),
    value: level.name,
    toward: null,
    met: level.next === null,
    note: level.next
      ? t('progress.nextLevel', {
          level: level.next.name,
          products: level.next.products.map((p) => p.name).join(', ') || '-',
        })
      : t('progress.topLevel'),
  };
  const wecLines: ProgressLine[] = (wec?.conditions ?? []).map((c) => ({
    key: `wec-${c.key}`,
    title: t(`programmes.cond.${c.key}`),
    value: `${count(c.current)} / ${count(c.required)}`,
    toward: { current: c.current, target: c.required },
    met: c.completed,
    note: t(`progress.wec.${wec!.status}`),
  }));
  return [levelLine, ...progress.bonuses.map((b) => bonusLine(b, t, count)), ...wecLines];
}
