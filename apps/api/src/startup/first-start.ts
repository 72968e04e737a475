import {
  accountFields,
  createSuperAdmin,
  hasEnabledAdmin,
  hasTopSponsor,
  isEnabledAdmin,
} from '../access/operator-accounts';
import { type Config, refundAdmin } from '../config';
import { systemCaller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { appErrorText, parseOrThrow } from '../platform/http/validation';
import { seedDemoIfEmpty } from '../seed/demo';
import { type DemoLogin, demoAccounts } from '../seed/demo-state';

/** loaded: by this start; present: by an earlier one; notEmpty: asked for, but accounts existed; off: not asked. */
export type DemoOutcome = 'loaded' | 'present' | 'notEmpty' | 'off';

export interface FirstStart<Logins = DemoLogin[]> {
  demo: DemoOutcome;
  /** Published demo logins that open an account of this database (a promise until the start serves). */
  demoLogins: Logins;
  /** Name of the super administrator this start made from INITIAL_ADMIN_*, if it made one. */
  initialAdmin: string | null;
  hasAdmin: boolean;
  hasTopSponsor: boolean;
  /** Whether REFUND_ADMIN names an enabled administrator (else nobody can confirm a refund). */
  refundAdminFound: boolean;
}

const INITIAL_ADMIN_ORIGIN = systemCaller('start-up:INITIAL_ADMIN_NAME');

/**
 * What a start does to a database before serving it: the demo data set into an empty database when
 * SEED_DEMO asks for it, the first super administrator from INITIAL_ADMIN_* when there is none, and
 * what the banner needs to tell the operator about both.
 */
export async function prepareFirstStart(db: Db, config: Config): Promise<FirstStart<Promise<DemoLogin[]>>> {
  const seeded = config.seedDemo && (await seedDemoIfEmpty(db));
  const initialAdmin =
    config.initialAdmin && !(await hasEnabledAdmin(db))
      ? await createInitialAdmin(db, config.initialAdmin)
      : null;
  const demo = await demoAccounts(db);
  return {
    demo: seeded ? 'loaded' : demo.present ? 'present' : config.seedDemo ? 'notEmpty' : 'off',
    demoLogins: demo.logins,
    initialAdmin,
    hasAdmin: await hasEnabledAdmin(db),
    hasTopSponsor: await hasTopSponsor(db),
    refundAdminFound: await isEnabledAdmin(db, refundAdmin(config)),
  };
}

async function createInitialAdmin(db: Db, input: NonNullable<Config['initialAdmin']>): Promise<string> {
  const { password, ...fields } = input;
  try {
    const admin = await createSuperAdmin(
      db,
      parseOrThrow(accountFields, fields),
      password,
      INITIAL_ADMIN_ORIGIN,
    );
    return admin.name;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new Error(
      `INITIAL_ADMIN_* refused: ${appErrorText(error, (f) => `INITIAL_ADMIN_${f.toUpperCase()}`)}`,
    );
  }
}
