import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/*
 * Message catalogues live beside the code that speaks them: `<folder>/messages/<language>.json`
 * under src (features/orders/messages/de.json), ICU MessageFormat, ids prefixed with the folder's
 * name ("orders.…"). A build merges a language's files into one chunk and compiles its messages, so
 * the page ships no message parser.
 */

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');

/** The folders whose messages the guest's pages ship; the dashboard ships all but the guest's own. */
export const GUEST_MESSAGE_FOLDERS = ['lib', 'components/ui', 'app', 'features/guest', 'features/checkout'];
const GUEST_ONLY_FOLDERS = ['features/guest', 'features/checkout'];

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

/** The language's messages for one page: the guest's (`guest`) or the dashboard's. */
export function mergedCatalogue(language: string, page: 'guest' | 'dashboard'): CatalogueFile[] {
  return listCatalogueFiles().filter(
    (entry) =>
      entry.language === language &&
      (page === 'guest'
        ? GUEST_MESSAGE_FOLDERS.includes(entry.folder)
        : !GUEST_ONLY_FOLDERS.includes(entry.folder)),
  );
}

const PREFIX = 'virtual:messages/';

/**
 * `import('virtual:messages/de')`: German, merged and compiled, for the page being built (`--mode
 * guest` builds the guest's; development serves both pages, so it gets every folder).
 */
export function messageCataloguesPlugin(): Plugin {
  let page: 'guest' | 'dashboard' | 'all' = 'dashboard';
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
      const files =
        page === 'all'
          ? listCatalogueFiles().filter((entry) => entry.language === language)
          : mergedCatalogue(language, page);
      const compiled: Record<string, unknown> = {};
      for (const { file } of files) {
        this.addWatchFile(file);
        for (const [key, message] of Object.entries(readCatalogue(file)))
          compiled[key] = compileMessage(message);
      }
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
