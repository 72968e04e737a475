import type { TestApi } from '../test/test-app';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

export interface ProofFile {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body with text fields and an optional proof file. */
function multipart(fields: Record<string, string>, file?: ProofFile) {
  const boundary = '----walletTestBoundary';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="proof"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/recharge/create as the admin screen sends it (multipart); the status and the parsed envelope. */
export async function postRecharge(
  api: TestApi,
  token: string,
  fields: Record<string, string>,
  file?: ProofFile,
  headers: Record<string, string> = {},
) {
  const body = multipart(fields, file);
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/recharge/create',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}
