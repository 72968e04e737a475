import { Perm, type ProviderInput, providerBody } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { memberByNo } from '../members/lookups';
import type { DbOrTx } from '../platform/db/client';
import { parseOrThrow } from '../platform/http/validation';
import type { ImportSpec } from '../platform/xlsx/import';
import { providers } from './providers.schema';
import { createProvider, updateProvider } from './providers.service';

/** Columns of the provider template, export and import (the same, so an export imports back unchanged). */
export const PROVIDER_COLUMNS = [
  'provider_no',
  'name',
  'proportion',
  'phone',
  'email',
  'status',
  'referrer_user_no',
] as const;

/** A column's header in the providers files (export and import), translated. */
export const providerFileHeader = (column: (typeof PROVIDER_COLUMNS)[number]) =>
  `providers.file.${column}` as const;

interface ProviderRowInput {
  providerNo: string | null;
  input: ProviderInput;
}

async function existingId(db: DbOrTx, providerNo: string | null) {
  if (!providerNo) return null;
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.providerNo, providerNo));
  return row?.id ?? null;
}

/** A row with a known provider_no updates that provider; any other row adds one (keeping a given provider_no). */
export const providerImport: ImportSpec<ProviderRowInput> = {
  kind: 'provider',
  columns: PROVIDER_COLUMNS,
  header: (column) => providerFileHeader(column as (typeof PROVIDER_COLUMNS)[number]),
  perm: Perm.providers,
  async prepare(db, row) {
    const input = parseOrThrow(providerBody, { ...row, status: row.status ? Number(row.status) : undefined });
    if (input.referrer_user_no) await memberByNo(db, input.referrer_user_no, 'referrer_user_no');
    return { providerNo: row.provider_no || null, input };
  },
  async apply(tx, rows, actor) {
    for (const { providerNo, input } of rows) {
      const id = await existingId(tx, providerNo);
      if (id) await updateProvider(tx, actor, id, input);
      else {
        const created = await createProvider(tx, actor, input);
        if (providerNo) await tx.update(providers).set({ providerNo }).where(eq(providers.id, created.id));
      }
    }
  },
};
