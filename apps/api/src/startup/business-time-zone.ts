import type { Config } from '../config';
import { businessTimeZone, setBusinessTimeZone } from '../platform/business-time/business-time';
import { systemCaller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { appErrorText } from '../platform/http/validation';

/** The business time zone a start serves with, and the one it replaced when BUSINESS_TIME_ZONE changed it. */
export interface StartZone {
  zone: string;
  /** The zone before this start set BUSINESS_TIME_ZONE (null: unchanged, or the setting is unset). */
  changedFrom: string | null;
}

const ORIGIN = systemCaller('start-up:BUSINESS_TIME_ZONE');

/**
 * Sets the business time zone from BUSINESS_TIME_ZONE when it names another one (audited as made at start-up);
 * unset, the database keeps its own: UTC for one upgraded with data, Asia/Hong_Kong for a new one.
 */
export async function applyBusinessTimeZone(db: Db, config: Config): Promise<StartZone> {
  const before = await businessTimeZone(db, { fresh: true });
  const wanted = config.businessTimeZone;
  if (!wanted || wanted === before) return { zone: before, changedFrom: null };
  try {
    await setBusinessTimeZone(db, wanted, ORIGIN);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new Error(`BUSINESS_TIME_ZONE refused: ${appErrorText(error)}`);
  }
  return { zone: await businessTimeZone(db, { fresh: true }), changedFrom: before };
}
