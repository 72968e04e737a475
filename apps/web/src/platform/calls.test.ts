import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** apps/web/src: the paths below are relative to it. */
const SRC = dirname(dirname(fileURLToPath(import.meta.url)));

const code = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));

const filesWhere = (pattern: RegExp) => code.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('calls to the API', () => {
  it('name their method and path only through the endpoints declared in @app/contracts', () => {
    expect(filesWhere(/['"`]\/api\//)).toEqual([]);
  });

  it('write through the one write hook (platform/write.ts): send → toast → refresh', () => {
    expect(filesWhere(/\buseMutation\b/)).toEqual(['platform/write.ts']);
  });

  it('reach the HTTP client only through platform/', () => {
    expect(filesWhere(/from 'axios'/).filter((file) => !file.startsWith('platform/'))).toEqual([]);
  });
});
