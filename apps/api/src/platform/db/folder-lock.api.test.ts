import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const root = mkdtempSync(join(tmpdir(), 'folder-lock-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an embedded database folder', () => {
  it('is refused to a second server while the first has it, and free again once it closes', async () => {
    const dataDir = join(root, 'pglite');
    const first = openDatabase({ dataDir });
    await first.db.execute(sql`select 1`);
    expect(() => openDatabase({ dataDir })).toThrow(`is in use by process ${process.pid}`);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const second = openDatabase({ dataDir });
    await second.db.execute(sql`select 1`);
    await second.close();
  });

  it('is taken over from a process that ended without releasing it (a crash)', async () => {
    const dataDir = join(root, 'crashed');
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(`${dataDir}.lock`, ended.stdout);
    const db = openDatabase({ dataDir });
    await db.db.execute(sql`select 1`);
    await db.close();
  });
});
