import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiCode, apiSource, localImports, topOf } from './source-imports.testing';

/** What platform code may import outside platform/: the configuration, and the one foreign key to `users`. */
const ALLOWED = new Set(['config', 'platform/jobs/jobs.schema.ts -> members/members.schema']);

/** What a file of platform/ imports above it; its tests and test helpers are not counted (they start the whole app). */
const upwardImports = (file: string) =>
  localImports(file)
    .filter((target) => topOf(target) !== 'platform')
    .map((target) => (target === 'config' ? target : `${file} -> ${target}`));

describe('platform/', () => {
  it('imports no domain, so every domain can build on it', () => {
    const upward = apiCode('platform').flatMap(upwardImports);
    expect(upward.filter((edge) => !ALLOWED.has(edge))).toEqual([]);
  });
});

describe('config.ts', () => {
  it('imports nothing but platform/ and packages, so platform reaches no domain through it', () => {
    expect(localImports('config.ts').filter((target) => topOf(target) !== 'platform')).toEqual([]);
  });
});

/**
 * Where Fastify's types may be imported: the HTTP layer (routes, platform/http, the spreadsheet upload and download
 * helpers, metrics, the request log, the app and its start-up). Services take the `Caller` (platform/caller.ts), never a request.
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
    const importers = apiCode().filter((file) =>
      /from 'fastify'/.test(readFileSync(join(apiSource, file), 'utf8')),
    );
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((file) => !HTTP_LAYER.some((allowed) => allowed.test(file)))).toEqual([]);
  });
});
