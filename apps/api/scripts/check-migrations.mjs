// Fails when the Drizzle schema has changes no migration holds: drizzle-kit generates into a copy of
// apps/api/drizzle, and any migration it writes there is one the developer forgot (npm run db:generate).
// Fails too when the journal's order is not the order of its times: the migrator applies only migrations
// newer than the last one a database applied, so a migration renumbered ahead of a newer one (a merge) would
// be skipped by every database that already had the newer one.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = join(dirname(fileURLToPath(import.meta.url)), '..');

// Released migrations never change: a database that applied one would never see the edit. Each migration's
// SHA-256 is kept in scripts/migration-checksums.json; a file that differs from its checksum fails the check
// (write a new migration instead), and a new migration is recorded with `npm run db:check -- --record` (to edit
// a migration that has not been released yet, delete its line first).
const checksumsFile = join(api, 'scripts/migration-checksums.json');
const checksums = JSON.parse(readFileSync(checksumsFile, 'utf8'));
const sha256 = (file) =>
  createHash('sha256')
    .update(readFileSync(join(api, 'drizzle', file)))
    .digest('hex');
const migrationFiles = readdirSync(join(api, 'drizzle'))
  .filter((f) => f.endsWith('.sql'))
  .sort();
for (const [file, sum] of Object.entries(checksums)) {
  if (!migrationFiles.includes(file)) {
    console.error(`${file} was released and is gone: never delete or rename a released migration.`);
    process.exitCode = 1;
  } else if (sha256(file) !== sum) {
    console.error(
      `${file} changed after it was released: put it back and write a new migration for the change.`,
    );
    process.exitCode = 1;
  }
}
const unrecorded = migrationFiles.filter((f) => !(f in checksums));
if (unrecorded.length > 0 && process.argv.includes('--record')) {
  for (const file of unrecorded) checksums[file] = sha256(file);
  writeFileSync(checksumsFile, `${JSON.stringify(checksums, null, 2)}\n`);
  console.log(`Recorded ${unrecorded.join(', ')}.`);
} else if (unrecorded.length > 0) {
  console.error(
    `New migrations without a checksum: ${unrecorded.join(', ')}. Run \`npm run db:check -- --record\`.`,
  );
  process.exitCode = 1;
}
const work = mkdtempSync(join(tmpdir(), 'migrations-check-'));
const before = new Set(readdirSync(join(api, 'drizzle')));
const added = () => readdirSync(join(work, 'drizzle')).filter((f) => !before.has(f));
const journal = JSON.parse(readFileSync(join(api, 'drizzle/meta/_journal.json'), 'utf8')).entries;
journal.forEach((entry, i) => {
  const number = String(i).padStart(4, '0');
  if (entry.idx !== i || !entry.tag.startsWith(`${number}_`)) {
    console.error(`Journal entry ${i} is ${entry.idx} ${entry.tag}: migrations must be numbered in order.`);
    process.exitCode = 1;
  }
  if (i > 0 && entry.when <= journal[i - 1].when) {
    console.error(
      `${entry.tag} is dated before ${journal[i - 1].tag}: give it a later "when" in the journal.`,
    );
    process.exitCode = 1;
  }
});
try {
  cpSync(join(api, 'drizzle'), join(work, 'drizzle'), { recursive: true });
  const config = join(work, 'drizzle.config.ts');
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      dialect: 'postgresql',
      schema: join(api, 'src/schema.ts'),
      // drizzle-kit reads `out` relative to the working folder, even an absolute one.
      out: relative(api, join(work, 'drizzle')),
    })};\n`,
  );
  const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], {
    cwd: api,
    encoding: 'utf8',
    stdio: 'pipe',
  });
  // drizzle-kit exits 0 on some failures (a snapshot it cannot read): demand one of its two verdicts.
  if (!/No schema changes|Your SQL migration file/.test(output)) {
    console.error(`drizzle-kit did not compare the schema:\n${output}`);
    process.exitCode = 1;
  } else if (added().length > 0) {
    console.error('The Drizzle schema differs from the migrations; run `npm run db:generate` and commit:');
    for (const file of added())
      console.error(`\n-- ${file}\n${readFileSync(join(work, 'drizzle', file), 'utf8')}`);
    process.exitCode = 1;
  } else console.log('Migrations are up to date with the Drizzle schema.');
} finally {
  rmSync(work, { recursive: true, force: true });
}
