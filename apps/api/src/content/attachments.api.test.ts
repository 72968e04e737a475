import { type AttachmentView, CONTENT_LIMITS, type ContentAdminItem, type FieldError } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { multipartBody } from '../test/multipart';
import { TestApi } from '../test/test-app';
import { createItem, itemBody, PNG_BYTES } from './content.testing';

let api: TestApi;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  api = await TestApi.start();
  adminToken = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  memberToken = await api.login((await api.factory.member({ levelId: 2 })).name, TEST_PASSWORD);
});
afterAll(() => api.close());

async function upload(name: string, content: Buffer, token = adminToken, locale?: 'zh-HK') {
  const { payload, headers } = multipartBody({}, [{ field: 'file', name, data: content }]);
  return api.request<AttachmentView & { errors: FieldError[] }>('POST', '/api/content/attachments', payload, {
    token,
    headers,
    locale,
  });
}

describe('attachments', () => {
  it('stores a file recognised by its content and serves it to the audience of its item', async () => {
    const up = await upload('poster.bin', PNG_BYTES);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({
      name: 'poster.bin',
      mime_type: 'image/png',
      size: PNG_BYTES.length,
    });
    const item = await createItem(api, adminToken, { attachment_ids: [up.body.data.id] });
    expect(item.attachments.map((a) => a.id)).toEqual([up.body.data.id]);

    const file = await api.get(`/api/content/attachments/${up.body.data.id}`, { token: memberToken });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.raw.equals(PNG_BYTES)).toBe(true);

    await api.post(`/api/content/admin/${item.id}/publish`, { published: false }, { token: adminToken });
    const hidden = await api.get(`/api/content/attachments/${up.body.data.id}`, { token: memberToken });
    expect(hidden.status).toBe(404);
  });

  it('refuses a file whose content is not an accepted type, whatever its name says', async () => {
    const res = await upload(
      'photo.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      adminToken,
      'zh-HK',
    );
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual([
      { field: 'file', message: '只可附加 PNG、JPEG、GIF、WebP 圖片及 PDF 文件' },
    ]);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(CONTENT_LIMITS.attachmentMaxBytes)]);
    const res = await upload('big.png', big);
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual([{ field: 'file', message: 'An attachment can be at most 5 MB' }]);
  });

  it('refuses a request without a file, and members uploading', async () => {
    const none = await api.post<{ errors: FieldError[] }>(
      '/api/content/attachments',
      {},
      { token: adminToken },
    );
    expect(none.status).toBe(422);
    expect(none.body.data.errors[0]?.field).toBe('file');
    expect((await upload('a.png', PNG_BYTES, memberToken)).status).toBe(403);
  });

  it('drops attachments left out on edit and refuses ones of another item', async () => {
    const [a, b] = [
      (await upload('a.pdf', Buffer.from('%PDF-1.4\n'))).body.data,
      (await upload('b.png', PNG_BYTES)).body.data,
    ];
    const first = await createItem(api, adminToken, { attachment_ids: [a.id, b.id] });
    const edited = await api.put<ContentAdminItem>(
      `/api/content/admin/${first.id}`,
      itemBody({ attachment_ids: [b.id] }),
      {
        token: adminToken,
      },
    );
    expect(edited.body.data.attachments.map((x) => x.id)).toEqual([b.id]);
    expect((await api.get(`/api/content/attachments/${a.id}`, { token: adminToken })).status).toBe(404);

    const stolen = await api.post<{ errors: FieldError[] }>(
      '/api/content/admin',
      itemBody({ attachment_ids: [b.id] }),
      {
        token: adminToken,
      },
    );
    expect(stolen.status).toBe(422);
    expect(stolen.body.data.errors[0]?.field).toBe('attachment_ids');
  });
});
