import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from './config';
import { type SettingDoc, settingDocs } from './platform/settings/setting';

const OPERATIONS = new URL('../../../docs/operations.md', import.meta.url);
const ENV_EXAMPLE = new URL('../../../deploy/backoffice.env.example', import.meta.url);

/** The rows of the table under "## Settings": variable, default and accepts as the page shows them, without backticks. */
function documentedSettings(): Map<string, SettingDoc> {
  const page = readFileSync(OPERATIONS, 'utf8');
  const section = page.split(/^## Settings$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Map(
    rows.map((row) => {
      const [name = '', fallback = '', accepts = ''] = row
        .split(' | ')
        .map((cell) => cell.replace(/^\| |`/g, '').trim());
      return [name, { default: fallback, accepts }];
    }),
  );
}

/** What the schema says of each setting, as the table's first three cells would (for the row to write). */
const declared = () =>
  Object.entries(SETTINGS.shape).map(([name, schema]) => {
    const doc = settingDocs.get(schema);
    if (!doc) throw new Error(`${name} has no SettingDoc: declare it with platform/settings/setting.ts`);
    return [name, doc] as const;
  });

describe('the settings table of docs/operations.md', () => {
  it('lists every setting of the schema, with its default and what it accepts', () => {
    const documented = documentedSettings();
    const wrong = declared()
      .filter(([name, doc]) => JSON.stringify(documented.get(name)) !== JSON.stringify(doc))
      .map(([name, doc]) => `| \`${name}\` | ${doc.default} | ${doc.accepts} | … |`);
    expect(wrong, 'rows to write (backticks may be added)').toEqual([]);
  });

  it('lists nothing the schema does not read', () => {
    const names = new Set(Object.keys(SETTINGS.shape));
    expect([...documentedSettings().keys()].filter((name) => !names.has(name))).toEqual([]);
  });
});

describe('the settings file of deploy/', () => {
  it('names every setting of the schema, and nothing else', () => {
    const lines = readFileSync(ENV_EXAMPLE, 'utf8').split('\n');
    const named = lines.flatMap((line) => /^#?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);
    expect([...named].sort()).toEqual(Object.keys(SETTINGS.shape).sort());
  });
});
