import type { PublicConfig } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ shopUrl: 'https://shop.example.test/store' });
});
afterAll(() => api.close());

describe('GET /api/common/config', () => {
  it('gives any signed-in user the shop link, site name and languages', async () => {
    for (const user of [await api.factory.member(), await api.factory.admin()]) {
      const token = await api.login(user.name, TEST_PASSWORD);
      const res = await api.get<PublicConfig>('/api/common/config', { token, locale: 'zh-HK' });
      expect(res.body.data).toEqual({
        site_name: '會員管理後台',
        shop_url: 'https://shop.example.test/store',
        locales: ['en-US', 'zh-HK', 'zh-CN'],
        default_locale: 'en-US',
        levels: expect.arrayContaining([{ id: 1, name: '探路者' }]),
      });
      expect(res.body.data.levels.map((l) => l.id)).toEqual([1, 2, 3, 4]);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await api.get('/api/common/config')).status).toBe(401);
  });
});
