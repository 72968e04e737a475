import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const platform = dirname(fileURLToPath(import.meta.url));
const src = dirname(platform);

/** What platform code may import outside platform/: the configuration, and the one foreign key to `users`. */
const ALLOWED = new Set(['config', 'jobs/jobs.schema.ts -> members/members.schema']);

/** Platform's own code, without its tests and test helpers (those start the whole app). */
const platformCode = () =>
  readdirSync(platform, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !/(^|\/)test-[^/]*$/.test(file),
  );

function upwardImports(file: string): string[] {
  const text = readFileSync(join(platform, file), 'utf8');
  const specifiers = [...text.matchAll(/from '(\.[^']*)'/g)].map((match) => match[1] as string);
  return specifiers
    .map((specifier) => relative(src, resolve(platform, dirname(file), specifier)))
    .filter((target) => !target.startsWith('platform/'))
    .map((target) => (target === 'config' ? target : `${file} -> ${target}`));
}

describe('platform/', () => {
  it('imports no domain, so every domain can build on it', () => {
    const upward = platformCode().flatMap(upwardImports);
    expect(upward.filter((edge) => !ALLOWED.has(edge))).toEqual([]);
  });
});

/**
 * Where Fastify's types may be imported: the HTTP layer (routes, platform/http, the spreadsheet upload and download
 * helpers, metrics, the request log, the app and its start-up). Services take an `Actor` (platform/audit/actor.ts), never a request.
 */
const HTTP_LAYER = [
  /routes\.ts$/,
  /^platform\/http\//,
  /^platform\/xlsx\/(import|export)\.ts$/,
  /^platform\/metrics\//,
  /^platform\/log\/request-log\.ts$/,
  /^app\.ts$/,
  /^startup\//,
  /^test\//,
];

describe('the HTTP layer', () => {
  it('is the only code that imports Fastify types', () => {
    const code = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const importers = code.filter((file) => /from 'fastify'/.test(readFileSync(join(src, file), 'utf8')));
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((file) => !HTTP_LAYER.some((allowed) => allowed.test(file)))).toEqual([]);
  });
});
