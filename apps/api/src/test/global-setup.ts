import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
  }
}

/**
 * The run's folder of database templates (templateFile in test-database.ts), removed at its end. The workers read
 * it in worker-setup.ts through vitest's provide/inject, its way of passing a value from a global setup to the tests.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-test-templates-'));
  project.provide('templateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
