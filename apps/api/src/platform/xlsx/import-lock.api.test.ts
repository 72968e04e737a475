import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../../test/test-app';
import { acquireImportLock } from './import';
import { importLocks } from './import-lock.schema';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

const held = () => api.db.select().from(importLocks).where(eq(importLocks.kind, 'product'));

describe('import lock', () => {
  it('refuses a second holder and frees only its own lock after a stale one was taken over', async () => {
    const releaseFirst = await acquireImportLock(api.db, 'product', null);
    await expect(acquireImportLock(api.db, 'product', null)).rejects.toMatchObject({
      key: 'common.importInProgress',
    });
    // The first import runs past the stale limit; a second one takes the lock over.
    await api.db
      .update(importLocks)
      .set({ startedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(importLocks.kind, 'product'));
    const releaseSecond = await acquireImportLock(api.db, 'product', null);
    const [second] = await held();
    await releaseFirst();
    expect(await held()).toEqual([second]);
    await expect(acquireImportLock(api.db, 'product', null)).rejects.toMatchObject({ code: 409 });
    await releaseSecond();
    expect(await held()).toEqual([]);
  });
});
