import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { findMessageUses, reachableFrom, SRC } from './source-messages';

/*
 * Message catalogues live beside the code that speaks them: `<folder>/messages/<language>.json`
 * under src (features/orders/messages/de.json), ICU MessageFormat, ids prefixed with the folder's
 * name ("orders.…"). A build merges a language's messages into one chunk per page, keeping only
 * the ids the page's own code asks for (the guest's pages never carry the dashboard's words), and
 * compiles them, so the page ships no message parser.
 */

/** Each page's entry: its catalogue holds the messages of the files it reaches. */
export const PAGE_ENTRIES = { dashboard: 'main.tsx', guest: 'guest-main.tsx' } as const;
export type Page = keyof typeof PAGE_ENTRIES;

export type CatalogueFile = { folder: string; language: string; file: string };

/** Every catalogue file under src, by folder (relative to src, forward slashes) and language. */
export function listCatalogueFiles(): CatalogueFile[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((relative) => /\/messages\/[a-z]{2}\.json$/.test(relative))
    .map((relative) => {
      const [folder, language] = relative.split(/\/messages\/|\.json$/);
      return { folder: folder!, language: language!, file: path.join(SRC, relative) };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

export function readCatalogue(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The ids a page's code asks for (every page's, in development, where one server serves both). */
export function messageIdsOf(page: Page | 'all'): Set<string> {
  const entries = page === 'all' ? Object.values(PAGE_ENTRIES) : [PAGE_ENTRIES[page]];
  const ids = new Set<string>();
  for (const entry of entries)
    for (const file of reachableFrom(entry))
      for (const use of findMessageUses(file)) if (use.id) ids.add(use.id);
  return ids;
}

/** A language's messages for a page, compiled. */
export function compiledCatalogue(language: string, page: Page | 'all'): Record<string, unknown> {
  const wanted = messageIdsOf(page);
  const compiled: Record<string, unknown> = {};
  for (const { file } of listCatalogueFiles().filter((entry) => entry.language === language))
    for (const [id, message] of Object.entries(readCatalogue(file)))
      if (wanted.has(id)) compiled[id] = compileMessage(message);
  return compiled;
}

const PREFIX = 'virtual:messages/';

/** `import('virtual:messages/de')`: German, compiled, for the page being built (`--mode guest`: the guest's). */
export function messageCataloguesPlugin(): Plugin {
  let page: Page | 'all' = 'dashboard';
  return {
    name: 'tavolo-message-catalogues',
    configResolved(config) {
      page = config.mode === 'guest' ? 'guest' : config.command === 'serve' ? 'all' : 'dashboard';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const language = id.slice(PREFIX.length + 1);
      for (const { file } of listCatalogueFiles()) this.addWatchFile(file);
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      const json = JSON.stringify(compiledCatalogue(language, page));
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}
