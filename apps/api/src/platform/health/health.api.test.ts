import { ResultCode, translate } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../../test/test-app';
import { queryRows } from '../db/client';

let api: TestApi;

beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.close());

describe('liveness and readiness', () => {
  it('answers /healthz and /readyz with 200 on a migrated, reachable database', async () => {
    expect((await api.get('/healthz')).body).toMatchObject({ code: ResultCode.OK, data: null });
    const ready = await api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ database: 'reachable', pending_migrations: [] });
  });

  it('is not ready (503, translated) while a shipped migration is not applied', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      api.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await api.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await api.get('/readyz', { locale: 'zh-HK' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(ResultCode.SERVICE_UNAVAILABLE);
      expect(res.body.msg).toBe(translate('health.migrationsPending', 'zh-HK', { count: 1 }));
      expect((res.body.data as { pending_migrations: string[] }).pending_migrations).toHaveLength(1);
      expect((await api.get('/healthz')).status).toBe(200);
    } finally {
      await api.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await api.get('/readyz')).status).toBe(200);
  });

  it('is not ready (503) once the database is gone, while /healthz still answers', async () => {
    const gone = await TestApi.start();
    try {
      await gone.database.close();
      const res = await gone.get('/readyz', { locale: 'zh-CN' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: ResultCode.SERVICE_UNAVAILABLE,
        msg: translate('health.databaseUnreachable', 'zh-CN'),
        data: null,
      });
      expect((await gone.get('/healthz')).status).toBe(200);
    } finally {
      await gone.app.close();
    }
  });
});
