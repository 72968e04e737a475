import { z } from 'zod';
import { pageQuery } from '../envelope';
import { intFromQuery } from '../integers';
import { BONUS_KEY_MAX, BONUS_KEY_MIN } from './bonus';

/**
 * The history of the bonus settings (docs/product/bonus.md "Settings history"): who changed a bonus type or a level's
 * ratios, when, and each changed field before and after, from the audit log — newest first.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `GET /api/bonus/types/history`: every change of the bonus types, or of the one type `key`. */
export const bonusTypeHistoryQuery = pageQuery.extend({
  key: z.preprocess(blank, intFromQuery(BONUS_KEY_MIN, BONUS_KEY_MAX).optional()),
});

/** `GET /api/levels/history`: every change of the levels' bonus settings, or of the one level `id`. */
export const levelHistoryQuery = pageQuery.extend({
  id: z.preprocess(blank, intFromQuery(1, 1_000).optional()),
});

export interface SettingsChange {
  id: number;
  /** 'create' or 'update'. */
  action: string;
  /** The bonus type's key or the level's id. */
  entity_id: number;
  /** The type's or level's name today, in the caller's language. */
  entity_name: string;
  actor: { id: number | null; name: string | null; kind: string | null };
  /** The fields the change set, as stored (an update keeps only the fields that differ; a create its whole row). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}
