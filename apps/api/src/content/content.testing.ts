import type { ContentAdminItem, ContentBody } from '@app/contracts';
import type { TestApi } from '../test/test-app';

/** A valid create/update body; tests override what they look at. */
export const itemBody = (overrides: Partial<ContentBody> = {}): ContentBody => ({
  kind: 'announcement',
  title: { 'en-US': 'System maintenance', 'zh-HK': '系統維護', 'zh-CN': '' },
  body: {
    'en-US': '<p>We will be <strong>offline</strong> on Sunday.</p>',
    'zh-HK': '<p>星期日暫停服務。</p>',
    'zh-CN': '',
  },
  published: true,
  ...overrides,
});

/** Creates an item through the admin API and returns it. */
export async function createItem(api: TestApi, token: string, overrides: Partial<ContentBody> = {}) {
  const res = await api.post<ContentAdminItem>('/api/content/admin', itemBody(overrides), { token });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
