import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root folder. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Every file of the work tree git knows or would add (tracked, or new and not ignored), still on disk. */
export const repoFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(join(root, file)));

const fileNames = new Set(repoFiles.map((file) => basename(file)));

/** The source folders of the workspace's packages (apps/api/src, apps/web/src, packages/contracts/src). */
const packageSources = [
  ...new Set(repoFiles.flatMap((file) => /^(?:apps|packages)\/[^/]+\/src(?=\/)/.exec(file) ?? [])),
];

/**
 * Documents cited by name that live outside the repository: the original specification and design, kept beside
 * it (the product pages say so).
 */
export const OUTSIDE_THE_REPOSITORY = new Set(['SPEC.md', 'DESIGN.md']);

/**
 * A path cited in prose: a file name with one of these extensions, optionally after folders and `./` or `../`.
 * It must start a word (not inside a URL, a longer path or a pattern such as `<domain>.api.ts` or `*.test.ts`).
 * An `#anchor` after it is captured too, and so is a section named in quotes right after it
 * (docs/web-shell.md, "Phones").
 */
const CITATION =
  /(?<![\w./@:<>*${}-])((?:\.{1,2}\/)*[\w@][\w.@-]*(?:\/[\w.@-]+)*\.(?:ts|tsx|mjs|md|sql|css|json))(?![\w/-]|\.\w)(#[\w-]+)?(?:,? "([^"\n]+)")?/g;

export interface Citation {
  path: string;
  anchor?: string;
  section?: string;
}

/** The paths cited in a piece of prose (a comment's text, a page's backticked names). */
export function citationsIn(text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((match) => ({
    path: match[1]!,
    anchor: match[2]?.slice(1),
    section: match[3],
  }));
}

/**
 * Where a path cited in a code comment of `file` (repository-relative) is, or null when it is nowhere it may be:
 * - starting with ./ or ../: relative to the comment's file, exactly;
 * - a path with folders (platform/http/route.ts, docs/product/access.md, db/client.ts from this folder):
 *   relative to the comment's folder or to one of the folders above it, up to the repository's root: a domain
 *   cites its own files from its folder, a package's from its src/, anything from the root; failing those,
 *   relative to another package's src/ (a bench or the web's tests citing the API's seed/demo.ts);
 * - a bare file name (route.ts): a file of that name somewhere in the repository (a name to search for);
 * - SPEC.md and DESIGN.md, kept outside the repository, are taken as they are.
 * So a renamed, moved or deleted file fails its citations, while a path is never required to be written in full.
 */
export function resolveInComment(
  file: string,
  path: string,
  exists: (path: string) => boolean = (p) => existsSync(join(root, p)),
  names: ReadonlySet<string> = fileNames,
  sources: readonly string[] = packageSources,
): string | null {
  if (OUTSIDE_THE_REPOSITORY.has(path)) return path;
  if (path.startsWith('./') || path.startsWith('../')) {
    const target = normalize(join(dirname(file), path));
    return exists(target) ? target : null;
  }
  if (!path.includes('/')) return names.has(path) ? path : null;
  for (let folder = dirname(file); folder !== '.'; folder = dirname(folder)) {
    if (exists(`${folder}/${path}`)) return `${folder}/${path}`;
  }
  if (exists(path)) return path;
  return sources.map((source) => `${source}/${path}`).find(exists) ?? null;
}

/** The text of every comment of a TypeScript or JavaScript source (`//`, `/* *\/`, JSX `{/* *\/}`). */
export function commentsOf(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, number>();
  const jsxTexts: [number, number][] = [];
  // The comments of the trivia from `pos` on: those on its line (trailing), then those on the lines below.
  const collect = (pos: number) => {
    const found = [
      ...(ts.getTrailingCommentRanges(text, pos) ?? []),
      ...(ts.getLeadingCommentRanges(text, pos) ?? []),
    ];
    for (const range of found) ranges.set(range.pos, range.end);
  };
  // Comments are trivia: every one lies just before or just after some node (or inside an empty JSX `{}`).
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxTexts.push([node.pos, node.end]);
    collect(node.pos);
    collect(node.end);
    if (ts.isJsxExpression(node) && !node.expression) collect(node.getStart(source) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Text between JSX tags is not code: what looks like a comment there is the page's text.
  return [...ranges]
    .filter(([pos]) => !jsxTexts.some(([start, end]) => pos >= start && pos < end))
    .map(([pos, end]) => text.slice(pos, end));
}

/** The comments of a stylesheet. */
export const cssCommentsOf = (text: string) => text.match(/\/\*[\s\S]*?\*\//g) ?? [];

/**
 * The anchors of a Markdown page's headings, as GitHub makes them: lower case, punctuation and symbols dropped,
 * each space a hyphen, a repeated heading suffixed -1, -2, ...
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/**
 * Whether a Markdown page has the section a citation names in quotes: a heading, or a bold title (`**The
 * triggers** keep it…`), that begins with it, in any case, inline code marks aside.
 */
export function hasSection(markdown: string, section: string): boolean {
  const plain = (text: string) => text.replace(/`/g, '').trim().toLowerCase();
  const titles = [...markdown.matchAll(/^#{1,6} (.*)$|\*\*([^*\n]+)\*\*/gm)].map((m) => plain(m[1] ?? m[2]!));
  return titles.some((title) => title.startsWith(plain(section)));
}

/** An issue tracker's number (the word issue, a number after it): docs and comments say what was meant instead. */
export const ISSUE_NUMBER = /\bissues? #?\d+/gi;
