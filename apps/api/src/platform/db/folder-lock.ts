import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Claims an embedded database folder for this process: PGlite is one process's database, and a second
 * server opening the same folder would corrupt it. The claim is a file beside the folder holding the
 * owner's process id; a claim whose process is gone (a crash, a kill -9) is taken over. Returns the release.
 */
export function claimFolder(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  mkdirSync(dirname(lockFile), { recursive: true });
  const mine = String(process.pid);
  for (;;) {
    try {
      writeFileSync(lockFile, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (isRunning(owner))
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${owner}: stop that server first, or give ` +
            `this one another folder (DATA_DIR) or a PostgreSQL server (DATABASE_URL). If no such process is ` +
            `a server of this application, delete ${lockFile}.`,
        );
      unlinkSync(lockFile);
    }
  }
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8') === mine) unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
