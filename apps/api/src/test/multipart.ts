const BOUNDARY = '----apiTestBoundary';

export interface FormFile {
  field: string;
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body (text fields, then files) and its content-type header. */
export function multipartBody(fields: Record<string, string>, files: FormFile[] = []) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
