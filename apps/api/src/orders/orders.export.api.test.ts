import { type JobStarted, translate } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { queryRows } from '../platform/db/client';
import { jobs } from '../platform/jobs/jobs.schema';
import { jobFile } from '../platform/jobs/test-jobs';
import { xlsxRows } from '../platform/xlsx/test-files';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { exportBatches } from './orders.export';
import { SalesFixtures } from './orders.fixtures';
import { orderFileHeader } from './orders.import';
import { numberOrdersForExport } from './orders.queries';
import { orderExportRows, orders } from './orders.schema';

let api: TestApi;
let adminToken: string;
let admin: UserRow;

/**
 * Completion times where the order could go wrong: pending orders (none), three orders completed at
 * the same instant, and two a microsecond apart (a JavaScript Date cannot tell them apart).
 */
const COMPLETED: Record<string, string | null> = {
  'EX-pending-1': null,
  'EX-same-1': '2026-04-15 10:00:00.123456+00',
  'EX-old': '2026-04-01 09:00:00+00',
  'EX-same-2': '2026-04-15 10:00:00.123456+00',
  'EX-micro-1': '2026-04-16 08:00:00.000001+00',
  'EX-pending-2': null,
  'EX-micro-2': '2026-04-16 08:00:00.000002+00',
  'EX-same-3': '2026-04-15 10:00:00.123456+00',
  'EX-new': '2026-05-01 00:00:00+00',
};

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.factory.superAdmin();
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  const sales = new SalesFixtures(api.db);
  const buyer = await api.factory.member({ name: 'export_buyer' });
  for (const [no, completed] of Object.entries(COMPLETED)) {
    await sales.order({ platform_order_no: no, user_no: buyer.userNo, completed_at: '2026-04-10T00:00:00Z' });
    await api.db.execute(
      sql`update orders set completed_at = ${completed}::timestamptz where platform_order_no = ${no}`,
    );
  }
});

afterAll(() => api?.close());

/** The orders' platform numbers as one query sorts them: newest completed first, pending first. */
const newestFirst = async () =>
  (
    await queryRows<{ no: string }>(
      api.db,
      sql`select platform_order_no as no from orders order by completed_at desc nulls first, id desc`,
    )
  ).map((r) => r.no);

/** An export's orders numbered for a new job, then read back `size` at a time. */
async function numberedThenRead(size: number, meanwhile?: () => Promise<unknown>) {
  const [job] = await api.db
    .insert(jobs)
    .values({ kind: 'test', ownerId: admin.id, params: {}, fileName: 'orders.xlsx' })
    .returning({ id: jobs.id });
  const jobId = job!.id;
  const total = await numberOrdersForExport(api.db, jobId, undefined);
  await meanwhile?.();
  const read: string[] = [];
  for await (const batch of exportBatches(api.db, jobId, total, size))
    read.push(...batch.map((r) => r.order.platformOrderNo));
  return { jobId, total, read };
}

describe('orders export', () => {
  it('reads every order once, in the list order, whatever the batch size, and forgets the numbers', async () => {
    const expected = await newestFirst();
    expect(expected.slice(0, 4)).toEqual(['EX-pending-2', 'EX-pending-1', 'EX-new', 'EX-micro-2']);
    for (const size of [1, 2, 3, 4, 100]) {
      const { jobId, total, read } = await numberedThenRead(size);
      expect(total).toBe(expected.length);
      expect(read, `batches of ${size}`).toEqual(expected);
      expect(await api.db.select().from(orderExportRows).where(eq(orderExportRows.jobId, jobId))).toEqual([]);
    }
  });

  it('leaves out an order deleted while the export runs, and still reads the rest', async () => {
    const { total, read } = await numberedThenRead(2, () =>
      api.db.delete(orders).where(eq(orders.platformOrderNo, 'EX-micro-2')),
    );
    expect(read).toEqual(await newestFirst());
    expect(read).toHaveLength(total - 1);
  });

  it('writes the file newest completed first', async () => {
    const started = await api.post<JobStarted>('/api/orders/list', { export: true }, { token: adminToken });
    const rows = await xlsxRows((await jobFile(api, started.body.data, adminToken)).file.raw);
    const column = rows[0]!.indexOf(translate(orderFileHeader('platform_order_no'), 'en-US'));
    expect(rows.slice(1).map((r) => r[column])).toEqual(await newestFirst());
  });
});
