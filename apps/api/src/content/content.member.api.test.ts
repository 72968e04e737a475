import type { ContentMemberItem, ContentMemberRow, Paged, UnreadCount } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { createItem } from './content.testing';

/** Each test gets its own members and items on one database, so counts stay exact. */
let api: TestApi;
let adminToken: string;
beforeAll(async () => {
  api = await TestApi.start();
  adminToken = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
});
afterAll(() => api.close());

const memberAt = async (levelId: number) =>
  api.login((await api.factory.member({ levelId })).name, TEST_PASSWORD);
const feed = async (token: string, query: Record<string, string> = {}, locale?: 'zh-HK' | 'zh-CN') => {
  const res = await api.get<Paged<ContentMemberRow>>('/api/content/list', { token, query, locale });
  expect(res.status).toBe(200);
  return res.body.data;
};
const unread = async (token: string) =>
  (await api.get<UnreadCount>('/api/content/unread-count', { token })).body.data;
const titled = (tag: string) => ({ 'en-US': tag, 'zh-HK': '', 'zh-CN': '' });

describe('member feed', () => {
  it('shows only published, due items of the member audience, pinned first then newest', async () => {
    const tag = `scope${Date.now()}`;
    const hour = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const older = await createItem(api, adminToken, {
      title: titled(`${tag} older`),
      publish_at: at(-2 * hour),
    });
    const newer = await createItem(api, adminToken, { title: titled(`${tag} newer`), publish_at: at(-hour) });
    const pinnedOld = await createItem(api, adminToken, {
      title: titled(`${tag} pinned`),
      publish_at: at(-5 * hour),
      pinned: true,
    });
    const forLevel3 = await createItem(api, adminToken, {
      title: titled(`${tag} l3`),
      audience_level_ids: [3],
    });
    await createItem(api, adminToken, { title: titled(`${tag} draft`), published: false });
    await createItem(api, adminToken, { title: titled(`${tag} future`), publish_at: at(hour) });
    await createItem(api, adminToken, { title: titled(`${tag} l4`), audience_level_ids: [4] });

    const level3 = await memberAt(3);
    const level2 = await memberAt(2);
    expect((await feed(level3, { keyword: tag })).list.map((r) => r.id)).toEqual([
      pinnedOld.id,
      forLevel3.id,
      newer.id,
      older.id,
    ]);
    expect((await feed(level2, { keyword: tag })).list.map((r) => r.id)).toEqual([
      pinnedOld.id,
      newer.id,
      older.id,
    ]);

    const hidden = await api.get(`/api/content/items/${forLevel3.id}`, { token: level2 });
    expect(hidden.status).toBe(404);

    // "Members only, admin allowed": an administrator reads the feed of every audience, drafts and future
    // items still left out; one without the programmes permission is refused.
    const l4 = await feed(adminToken, { keyword: `${tag} l` });
    expect(l4.list.map((r) => r.title).sort()).toEqual([`${tag} l3`, `${tag} l4`]);
    const opened = await api.get<ContentMemberItem>(`/api/content/items/${forLevel3.id}`, {
      token: adminToken,
    });
    expect(opened.status).toBe(200);
    const bare = await api.login((await api.factory.admin()).name, TEST_PASSWORD);
    expect((await api.get('/api/content/list', { token: bare })).status).toBe(403);
    expect((await api.get(`/api/content/items/${forLevel3.id}`, { token: bare })).status).toBe(403);
  });

  it('speaks the member language and falls back to English for an empty translation', async () => {
    const item = await createItem(api, adminToken, {
      kind: 'article',
      title: { 'en-US': 'Welcome guide', 'zh-HK': '新手指南', 'zh-CN': '' },
      body: { 'en-US': '<p>Read me</p>', 'zh-HK': '', 'zh-CN': '<p>请阅读</p>' },
    });
    const token = await memberAt(1);
    const hk = await api.get<ContentMemberItem>(`/api/content/items/${item.id}`, { token, locale: 'zh-HK' });
    expect(hk.body.data).toMatchObject({ title: '新手指南', body: '<p>Read me</p>', kind: 'article' });
    const cn = await api.get<ContentMemberItem>(`/api/content/items/${item.id}`, { token, locale: 'zh-CN' });
    expect(cn.body.data).toMatchObject({ title: 'Welcome guide', body: '<p>请阅读</p>' });
    const list = await feed(token, { kind: 'article', keyword: '新手' }, 'zh-HK');
    expect(list.list.map((r) => r.title)).toEqual(['新手指南']);
    // The keyword searches the titles as this reader sees them, not the other languages.
    expect((await feed(token, { kind: 'article', keyword: 'Welcome guide' }, 'zh-HK')).list).toEqual([]);
    expect((await feed(token, { kind: 'article', keyword: '新手' })).list).toEqual([]);
    const fallback = await feed(token, { kind: 'article', keyword: 'Welcome guide' }, 'zh-CN');
    expect(fallback.list.map((r) => r.id)).toEqual([item.id]);
  });

  it('tracks read state per member; the unread count drops as items are opened', async () => {
    const tag = `read${Date.now()}`;
    const token = await memberAt(2);
    const other = await memberAt(2);
    const start = await unread(token);
    const a = await createItem(api, adminToken, { title: titled(`${tag} a`) });
    await createItem(api, adminToken, { title: titled(`${tag} b`), kind: 'article' });
    const counted = await unread(token);
    expect(counted).toEqual({
      total: start.total + 2,
      announcement: start.announcement + 1,
      article: start.article + 1,
    });

    const opened = await api.get<ContentMemberItem>(`/api/content/items/${a.id}`, { token });
    expect(opened.body.data.read).toBe(true);
    await api.get(`/api/content/items/${a.id}`, { token }); // a second read changes nothing
    expect(await unread(token)).toEqual({
      ...counted,
      total: counted.total - 1,
      announcement: counted.announcement - 1,
    });
    const rows = (await feed(token, { keyword: tag })).list;
    expect(rows.map((r) => [r.title, r.read])).toEqual([
      [`${tag} b`, false],
      [`${tag} a`, true],
    ]);
    expect((await feed(other, { keyword: tag })).list.every((r) => !r.read)).toBe(true);
  });

  it('keeps the unread count for members, and every feed call for signed-in users', async () => {
    expect((await api.get('/api/content/unread-count', { token: adminToken })).status).toBe(403);
    expect((await api.get('/api/content/unread-count')).status).toBe(401);
    expect((await api.get('/api/content/list')).status).toBe(401);
  });
});
