import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citationsIn,
  commentsOf,
  cssCommentsOf,
  hasSection,
  headingAnchors,
  ISSUE_NUMBER,
  repoFiles,
  resolveInComment,
  root,
} from './cited-paths.testing';

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const pages = repoFiles.filter((file) => file.endsWith('.md'));
const anchorsOf = new Map<string, Set<string>>();
const anchors = (page: string) => {
  if (!anchorsOf.has(page)) anchorsOf.set(page, headingAnchors(read(page)));
  return anchorsOf.get(page)!;
};
const onDisk = new Set(repoFiles);
const isFolder = (path: string) => repoFiles.some((file) => file.startsWith(`${path}/`));

/** A link's target (repository-relative) exists, and so does its #anchor when it points into a page. */
function brokenTarget(target: string, anchor: string | undefined): string | null {
  if (!onDisk.has(target) && !isFolder(target)) return 'no such file';
  if (anchor && target.endsWith('.md') && !anchors(target).has(anchor)) return `no heading #${anchor}`;
  return null;
}

/** A cited path exists when some file is it or ends with it (docs cite paths within their subject). */
const citedInDocs = (path: string) =>
  repoFiles.some((file) => file === path || file.endsWith(`/${path}`) || file.startsWith(`${path}/`));

describe('the docs', () => {
  it('link only to pages, headings and files that exist', () => {
    const broken = pages.flatMap((page) =>
      [...read(page).matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)]
        .filter(([, link]) => !/^[a-z]+:/.test(link!))
        .map(([, link, anchor]) => {
          const target = link ? normalize(join(dirname(page), link)).replace(/\/$/, '') : page;
          const problem = brokenTarget(target, anchor);
          return problem && `${page} -> ${link}${anchor ? `#${anchor}` : ''}: ${problem}`;
        })
        .filter(Boolean),
    );
    expect(broken).toEqual([]);
  });

  it('cite only paths that exist (`folder/file.ts` in backticks)', () => {
    const missing = pages.flatMap((page) =>
      [...read(page).matchAll(/`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|md|sql|mjs|css))`/g)]
        .map((match) => match[1]!)
        .filter((path) => !citedInDocs(path))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('cite only files and sections that exist by their path from the root (docs/web-shell.md, "Phones")', () => {
    const missing = pages.flatMap((page) =>
      citationsIn(read(page))
        .filter(({ path }) => /^(docs|apps|packages|bench)\//.test(path))
        .map(({ path, section }) => {
          if (!onDisk.has(path)) return `${page}: ${path} (no such file)`;
          if (section && path.endsWith('.md') && !hasSection(read(path), section))
            return `${page}: ${path} "${section}" (no such section)`;
          return null;
        })
        .filter(Boolean),
    );
    expect(missing).toEqual([]);
  });

  it('name no issue numbers: they say what was meant', () => {
    const numbered = pages.flatMap((page) =>
      [...read(page).matchAll(ISSUE_NUMBER)].map((match) => `${page}: ${match[0]}`),
    );
    expect(numbered).toEqual([]);
  });
});

/** The sources whose comments are read: the code of apps/, packages/ and bench/. */
const sources = repoFiles.filter((file) => /^(apps|packages|bench)\/.*\.(ts|tsx|mts|mjs|css)$/.test(file));
/** Comments of the sources that cite a path or may name an issue (the others are not parsed). */
const comments = sources.flatMap((file) => {
  const text = read(file);
  if (!citationsIn(text).length && text.search(ISSUE_NUMBER) < 0) return [];
  return (file.endsWith('.css') ? cssCommentsOf(text) : commentsOf(file, text)).map((comment) => ({
    file,
    comment,
  }));
});

describe('code comments', () => {
  it('cite only paths, headings and sections that exist (rules: resolveInComment in cited-paths.testing.ts)', () => {
    const missing = comments.flatMap(({ file, comment }) =>
      citationsIn(comment)
        .map(({ path, anchor, section }) => {
          const target = resolveInComment(file, path);
          if (!target) return `${file}: ${path} (no such file)`;
          if (!target.endsWith('.md') || !onDisk.has(target)) return null;
          const problem = anchor && brokenTarget(target, anchor);
          if (problem) return `${file}: ${path}#${anchor} (${problem})`;
          if (section && !hasSection(read(target), section))
            return `${file}: ${path} "${section}" (no such section)`;
          return null;
        })
        .filter(Boolean),
    );
    expect(missing).toEqual([]);
  });

  it('name no issue numbers: they say what was meant', () => {
    const numbered = comments.flatMap(({ file, comment }) =>
      [...comment.matchAll(ISSUE_NUMBER)].map((match) => `${file}: ${match[0]}`),
    );
    expect(numbered).toEqual([]);
  });
});

describe('the citation rules', () => {
  const files = new Set([
    'docs/product/access.md',
    'apps/api/src/platform/audit/actor.ts',
    'apps/api/src/bonus/engine/scenario.fixture.ts',
    'apps/api/src/bonus/settlement/run.ts',
  ]);
  const exists = (path: string) => files.has(path);
  const names = new Set([...files].map((file) => file.split('/').pop()!));
  const from = 'apps/api/src/bonus/settlement/index.ts';
  const sources = ['apps/api/src', 'apps/web/src'];
  const resolve = (path: string, file = from) => resolveInComment(file, path, exists, names, sources);

  it('take a path from the root, the package, the domain or the folder of the comment', () => {
    expect(resolve('docs/product/access.md')).toBe('docs/product/access.md');
    expect(resolve('platform/audit/actor.ts')).toBe('apps/api/src/platform/audit/actor.ts');
    expect(resolve('engine/scenario.fixture.ts')).toBe('apps/api/src/bonus/engine/scenario.fixture.ts');
    expect(resolve('./run.ts')).toBe('apps/api/src/bonus/settlement/run.ts');
    expect(resolve('../engine/scenario.fixture.ts')).toBe('apps/api/src/bonus/engine/scenario.fixture.ts');
    expect(resolve('platform/audit/actor.ts', 'bench/reads.ts')).toBe('apps/api/src/platform/audit/actor.ts');
    expect(resolve('run.ts', 'apps/web/src/main.tsx')).toBe('run.ts');
    expect(resolve('SPEC.md')).toBe('SPEC.md');
  });

  it('refuse a renamed, moved or misplaced file', () => {
    expect(resolve('docs/product/access-rules.md')).toBeNull();
    expect(resolve('audit/actor.ts', 'apps/web/src/main.tsx')).toBeNull();
    expect(resolve('settlement/run.ts', 'bench/reads.ts')).toBeNull();
    expect(resolve('settlement/run.ts', 'apps/api/src/platform/http/route.ts')).toBeNull();
    expect(resolve('./actor.ts')).toBeNull();
    expect(resolve('runs.ts')).toBeNull();
  });

  it('find citations in prose, not in URLs, patterns or longer names', () => {
    const cited = (text: string) =>
      citationsIn(text).map(({ path, anchor }) => (anchor ? `${path}#${anchor}` : path));
    expect(cited('see docs/product/access.md#roles, (platform/audit/actor.ts) and `ledger.sql.ts`.')).toEqual(
      ['docs/product/access.md#roles', 'platform/audit/actor.ts', 'ledger.sql.ts'],
    );
    expect(
      cited('https://example.com/docs/x.md, <domain>.api.ts, *.unit.test.ts, /api/openapi.json'),
    ).toEqual([]);
    expect(cited('OrgChart.tsx, ../x/y.ts')).toEqual(['OrgChart.tsx', '../x/y.ts']);
  });

  it('read comments only, not code, strings or the text of a page', () => {
    const text = [
      "import './styles.css';",
      '// one.ts',
      "const url = 'http://host/two.ts'; /* three.ts */",
      'const page = <p>// four.ts {/* five.ts */}</p>;',
      'function f() {',
      '  return 1;',
      '  // six.ts',
      '}',
    ].join('\n');
    expect(commentsOf('x.tsx', text)).toEqual(['// one.ts', '/* three.ts */', '/* five.ts */', '// six.ts']);
  });

  it('find a quoted section among the headings and bold titles of a page', () => {
    const page = '# Orders\n## How it works\n1. **The triggers** keep it\n## Phones (below 768 px)';
    expect(citationsIn('(docs/web-shell.md, "Phones")')).toEqual([
      { path: 'docs/web-shell.md', anchor: undefined, section: 'Phones' },
    ]);
    expect(['how it works', 'The triggers', 'Phones'].every((name) => hasSection(page, name))).toBe(true);
    expect(hasSection(page, 'Tablets')).toBe(false);
  });

  it('make the anchors GitHub makes', () => {
    const page =
      '# Top\n## Top of the tree (`npm run bench -- top`)\n```\n# not a heading\n```\n## Rules\n## Rules';
    expect([...headingAnchors(page)]).toEqual([
      'top',
      'top-of-the-tree-npm-run-bench----top',
      'rules',
      'rules-1',
    ]);
  });
});
