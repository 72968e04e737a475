import type { ContentAdminItem, ContentAdminRow, FieldError, Paged } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { createItem, itemBody } from './content.testing';

type Invalid = { errors: FieldError[] };

let api: TestApi;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  api = await TestApi.start();
  adminToken = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  memberToken = await api.login((await api.factory.member()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

const auditOf = (id: number) =>
  api.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, 'content'), eq(auditLogs.entityId, String(id))))
    .orderBy(auditLogs.id);

describe('admin: announcements and articles', () => {
  it('creates, edits, unpublishes, pins and deletes an item, auditing every change', async () => {
    const created = await createItem(api, adminToken, { published: false });
    expect(created).toMatchObject({
      kind: 'announcement',
      status: 'draft',
      title: { 'en-US': 'System maintenance', 'zh-HK': '系統維護', 'zh-CN': '' },
      audience_level_ids: [],
    });

    const edited = await api.put<ContentAdminItem>(
      `/api/content/admin/${created.id}`,
      itemBody({
        title: { 'en-US': 'Maintenance moved', 'zh-HK': '', 'zh-CN': '维护改期' },
        audience_level_ids: [3, 2],
      }),
      { token: adminToken, locale: 'zh-HK' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.msg).toBe('編輯成功');
    expect(edited.body.data).toMatchObject({ status: 'published', audience_level_ids: [2, 3] });
    expect(edited.body.data.title['zh-CN']).toBe('维护改期');

    const off = await api.post<ContentAdminItem>(
      `/api/content/admin/${created.id}/publish`,
      { published: false },
      { token: adminToken },
    );
    expect(off.body.data.status).toBe('draft');
    const pinned = await api.post<ContentAdminItem>(
      `/api/content/admin/${created.id}/pin`,
      { pinned: true },
      { token: adminToken },
    );
    expect(pinned.body.data.pinned).toBe(true);

    const del = await api.delete(`/api/content/admin/${created.id}`, { token: adminToken });
    expect(del.body.msg).toBe('Deleted successfully');
    const gone = await api.get(`/api/content/admin/${created.id}`, { token: adminToken });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('This announcement or article does not exist');

    expect((await auditOf(created.id)).map((a) => a.action)).toEqual([
      'create',
      'update',
      'publish',
      'pin',
      'delete',
    ]);
  });

  it('dates a draft now when it is published, unless it was scheduled ahead', async () => {
    const publish = (id: number) =>
      api.post<ContentAdminItem>(
        `/api/content/admin/${id}/publish`,
        { published: true },
        { token: adminToken },
      );
    const dayMs = 24 * 3600_000;
    const past = new Date(Date.now() - 3 * dayMs).toISOString();
    const future = new Date(Date.now() + 3 * dayMs).toISOString();

    const draft = await createItem(api, adminToken, { published: false, publish_at: past });
    const before = Date.now();
    const published = (await publish(draft.id)).body.data;
    expect(published.status).toBe('published');
    expect(Date.parse(published.publish_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(published.publish_at)).toBeLessThanOrEqual(Date.now() + 1000);

    const scheduled = await createItem(api, adminToken, { published: false, publish_at: future });
    const stillScheduled = (await publish(scheduled.id)).body.data;
    expect(stillScheduled).toMatchObject({ status: 'scheduled', publish_at: future });

    const live = await createItem(api, adminToken, { published: true, publish_at: past });
    expect((await publish(live.id)).body.data.publish_at).toBe(past);
  });

  it('lists with keyword (any language), kind and status filters, pinned first', async () => {
    const tag = `k${Date.now()}`;
    const draft = await createItem(api, adminToken, {
      title: { 'en-US': `${tag} draft`, 'zh-HK': '', 'zh-CN': '' },
      published: false,
    });
    const article = await createItem(api, adminToken, {
      kind: 'article',
      title: { 'en-US': 'Guide', 'zh-HK': `${tag} 指南`, 'zh-CN': '' },
    });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await createItem(api, adminToken, {
      title: { 'en-US': `${tag} later`, 'zh-HK': '', 'zh-CN': '' },
      publish_at: future,
    });
    const pinned = await createItem(api, adminToken, {
      title: { 'en-US': `${tag} pinned`, 'zh-HK': '', 'zh-CN': '' },
      pinned: true,
    });

    const list = async (query: Record<string, string>) => {
      const res = await api.get<Paged<ContentAdminRow>>('/api/content/admin', {
        token: adminToken,
        query: { keyword: tag, ...query },
      });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const all = await list({});
    expect(all.meta.total).toBe(4);
    expect(all.list[0]?.id).toBe(pinned.id);
    expect((await list({ kind: 'article' })).list.map((r) => r.id)).toEqual([article.id]);
    expect((await list({ status: 'draft' })).list.map((r) => r.id)).toEqual([draft.id]);
    expect((await list({ status: 'scheduled' })).list.map((r) => r.id)).toEqual([scheduled.id]);
    expect((await list({ status: 'published' })).list.map((r) => r.id).sort()).toEqual(
      [article.id, pinned.id].sort(),
    );
    expect((await list({ pageSize: '2', page: '2' })).list).toHaveLength(2);
  });

  it('answers a translated 422 naming the field for bad input, and changes nothing', async () => {
    const before = await api.get<Paged<ContentAdminRow>>('/api/content/admin', { token: adminToken });
    const noTitle = await api.post<Invalid>(
      '/api/content/admin',
      itemBody({ title: { 'en-US': ' ', 'zh-HK': '標題', 'zh-CN': '' } }),
      { token: adminToken, locale: 'zh-HK' },
    );
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.data.errors).toContainEqual({ field: 'title.en-US', message: '此欄位為必填' });
    expect(noTitle.body.msg).toBe('title.en-US: 此欄位為必填');

    const emptyBody = await api.post<Invalid>(
      '/api/content/admin',
      itemBody({ body: { 'en-US': '<p><br></p>', 'zh-HK': '', 'zh-CN': '' } }),
      {
        token: adminToken,
      },
    );
    expect(emptyBody.status).toBe(422);
    expect(emptyBody.body.data.errors).toEqual([
      { field: 'body.en-US', message: 'The content cannot be empty' },
    ]);

    const badKind = await api.post('/api/content/admin', itemBody({ kind: 'news' as never }), {
      token: adminToken,
      locale: 'zh-CN',
    });
    expect(badKind.body.msg).toBe('kind: 不是允许的选项');
    const badLevel = await api.post<Invalid>('/api/content/admin', itemBody({ audience_level_ids: [99] }), {
      token: adminToken,
    });
    expect(badLevel.body.data.errors).toEqual([
      { field: 'audience_level_ids', message: 'Unknown member level' },
    ]);
    const badTime = await api.post('/api/content/admin', itemBody({ publish_at: 'tomorrow' }), {
      token: adminToken,
    });
    expect(badTime.body.msg).toBe('publish_at: Must be a date');

    const after = await api.get<Paged<ContentAdminRow>>('/api/content/admin', { token: adminToken });
    expect(after.body.data.meta.total).toBe(before.body.data.meta.total);
  });

  it('keeps only allow-listed HTML: scripts, event handlers and javascript: links are removed', async () => {
    const item = await createItem(api, adminToken, {
      body: {
        'en-US':
          '<p>Hello<script>alert(1)</script></p><img src="https://cdn.test/a.png" onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">link</a><iframe src="https://evil.test"></iframe>',
        'zh-HK': '<p style="color:red" onmouseover="x()">你好</p>',
        'zh-CN': '',
      },
    });
    expect(item.body['en-US']).toBe(
      '<p>Hello</p><img src="https://cdn.test/a.png" /><a target="_blank" rel="noopener noreferrer">link</a>',
    );
    expect(item.body['zh-HK']).toBe('<p>你好</p>');
  });

  it('refuses members and administrators without the programmes permission', async () => {
    const item = await createItem(api, adminToken);
    const bareToken = await api.login((await api.factory.admin()).name, TEST_PASSWORD);
    for (const token of [memberToken, bareToken]) {
      expect((await api.get('/api/content/admin', { token })).status).toBe(403);
      expect((await api.post('/api/content/admin', itemBody(), { token })).status).toBe(403);
      expect((await api.delete(`/api/content/admin/${item.id}`, { token })).status).toBe(403);
    }
    const still = await api.get(`/api/content/admin/${item.id}`, { token: adminToken });
    expect(still.status).toBe(200);
  });
});
