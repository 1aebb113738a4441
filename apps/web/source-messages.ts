import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * What the source says to people, read with the TypeScript compiler: the message ids of every
 * `t('…')` call, and the English it would show without one. Used by the catalogue and the
 * hard-coded-string tests, and by the build to ship each page the messages it asks for.
 */

export const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/** The app's own source files (no tests, no test helpers), relative to src with forward slashes. */
export function listAppSources(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((relative) => /\.tsx?$/.test(relative) && !/\.test\.tsx?$|\.d\.ts$/.test(relative))
    .filter((relative) => !relative.startsWith('testing/'))
    .sort();
}

export function parseSource(relative: string): ts.SourceFile {
  const text = readFileSync(path.join(SRC, relative), 'utf8');
  return ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

export function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

export type MessageUse = { file: string; line: number; id: string | null };

/**
 * What has been read of each file, kept: a build asks for every page part of every language, and
 * each would parse the same sources again. `forgetSources()` starts afresh (a new build, a change).
 */
const read = new Map<string, unknown>();
function once<T>(key: string, readIt: () => T): T {
  if (!read.has(key)) read.set(key, readIt());
  return read.get(key) as T;
}
export function forgetSources(): void {
  read.clear();
}

/** Every `t(…)` call: its id, or null when the first argument is not a string literal. */
export function findMessageUses(relative: string): MessageUse[] {
  return once(`uses:${relative}`, () => readMessageUses(relative));
}

function readMessageUses(relative: string): MessageUse[] {
  const source = parseSource(relative);
  const uses: MessageUse[] = [];
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 't')
      return;
    const [first] = node.arguments;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    uses.push({
      file: relative,
      line,
      id: first && ts.isStringLiteralLike(first) ? first.text : null,
    });
  });
  return uses;
}

/** The files under src a file imports, each with whether it is loaded later (`import('…')`). */
export function listLocalImports(relative: string): { file: string; dynamic: boolean }[] {
  return once(`imports:${relative}`, () => readLocalImports(relative));
}

function readLocalImports(relative: string): { file: string; dynamic: boolean }[] {
  const text = readFileSync(path.join(SRC, relative), 'utf8');
  const pattern = /\bfrom\s*['"](\.[^'"]+)['"]|\bimport\s*(\()?\s*['"](\.[^'"]+)['"]/g;
  const files: { file: string; dynamic: boolean }[] = [];
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[3]!;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(relative), specifier));
    for (const candidate of [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`, target]) {
      try {
        readFileSync(path.join(SRC, candidate));
        files.push({ file: candidate, dynamic: Boolean(match[2]) });
        break;
      } catch {
        // not this one
      }
    }
  }
  return files;
}

/**
 * Every source file the entry reaches through its imports, without going into those `stopAt`
 * names (given the file and whether it is loaded later).
 */
export function reachableFrom(
  entry: string,
  stopAt: (file: string, dynamic: boolean) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const next of listLocalImports(file)) if (!stopAt(next.file, next.dynamic)) queue.push(next.file);
  }
  return seen;
}
