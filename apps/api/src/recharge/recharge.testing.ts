import { type FormFile, multipartBody } from '../test/multipart';
import type { TestApi } from '../test/test-app';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

export type ProofFile = Omit<FormFile, 'field'>;

/** POST /api/recharge/create as the admin screen sends it (multipart); the status and the parsed envelope. */
export async function postRecharge(
  api: TestApi,
  token: string,
  fields: Record<string, string>,
  file?: ProofFile,
  headers: Record<string, string> = {},
) {
  const body = multipartBody(fields, file ? [{ field: 'proof', ...file }] : []);
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/recharge/create',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}
