import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { findMessageUses, forgetSources, reachableFrom, SRC } from './source-messages';

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

/** A screen module: loaded when first opened, it brings its feature's words (messageCataloguesPlugin). */
const isScreenModule = (file: string) => /^features\/[a-z-]+\/routes\/[^/]+\.tsx$/.test(file);
/** Where a page's own part stops: at the screens it loads later (a screen it imports at once is its own). */
const isLaterScreen = (file: string, dynamic: boolean) => dynamic && isScreenModule(file);

/** The ids asked for by the files an entry reaches (not going into those `stopAt` names). */
function idsReachedFrom(entry: string, stopAt?: (file: string, dynamic: boolean) => boolean): Set<string> {
  const ids = new Set<string>();
  for (const file of reachableFrom(entry, stopAt))
    for (const use of findMessageUses(file)) if (use.id) ids.add(use.id);
  return ids;
}

/** The ids a page's code asks for. */
export function messageIdsOf(page: Page): Set<string> {
  return idsReachedFrom(PAGE_ENTRIES[page]);
}

/** The screens a page loads later, by feature: features/orders/routes/*.tsx. */
function laterScreensByFeature(page: Page): Map<string, string[]> {
  const screens = new Map<string, string[]>();
  for (const file of reachableFrom(PAGE_ENTRIES[page])) {
    const feature = /^features\/([a-z-]+)\/routes\//.exec(file)?.[1];
    if (feature && isScreenModule(file)) screens.set(feature, [...(screens.get(feature) ?? []), file]);
  }
  return screens;
}

/**
 * What a part of a page's catalogue holds. The `page` part holds the words of the code the page
 * runs at once (the frame, the guest's menu) and of what it reaches outside its later screens;
 * each feature's part holds the other words of its later screens (their own, and those of the
 * building blocks only they use), fetched with the first of them.
 */
function idsOfPart(page: Page, part: string): Set<string> {
  const own = idsReachedFrom(PAGE_ENTRIES[page], isLaterScreen);
  if (part === 'page') return own;
  const ids = new Set<string>();
  for (const screen of laterScreensByFeature(page).get(part) ?? [])
    for (const id of idsReachedFrom(screen, isLaterScreen)) if (!own.has(id)) ids.add(id);
  return ids;
}

/**
 * A short name for every id ("orders.board.column.preparing" → "4f"), the same in every build:
 * a built page asks for and ships messages by these, and its code and catalogues carry no long ids.
 */
export function shortIds(): Map<string, string> {
  const ids = new Set(
    listCatalogueFiles()
      .filter((entry) => entry.language === 'en')
      .flatMap((entry) => Object.keys(readCatalogue(entry.file))),
  );
  return new Map([...ids].sort().map((id, index) => [id, index.toString(36)]));
}

/** A part of a page's catalogue in one language, compiled, by short id (by id in development). */
export function compiledCatalogue(
  language: string,
  page: Page | 'all',
  part: string,
): Record<string, unknown> {
  const wanted =
    page === 'all'
      ? new Set([...messageIdsOf('dashboard'), ...messageIdsOf('guest')])
      : idsOfPart(page, part);
  const short = page === 'all' ? undefined : shortIds();
  const compiled: Record<string, unknown> = {};
  for (const { file } of listCatalogueFiles().filter((entry) => entry.language === language))
    for (const [id, message] of Object.entries(readCatalogue(file)))
      if (wanted.has(id)) compiled[short?.get(id) ?? id] = compileMessage(message);
  return compiled;
}

const PARTS = 'virtual:messages/';
const FEATURE = 'virtual:feature-messages/';
const I18N_MODULE = path.join(SRC, 'lib/i18n/i18n.ts');
const LANGUAGES = ['en', 'it', 'es', 'de', 'fr'];
/** `import('../features/orders/routes/orders-screen')`: a dashboard screen loaded when first opened. */
const SCREEN_IMPORT = /\bimport\(\s*(['"])([./]*features\/([a-z-]+)\/routes\/[\w-]+)\1\s*\)/g;

/**
 * `import('virtual:messages/de')`: a page's words in German. On the dashboard a screen's words
 * come with its code: `import('…/features/orders/routes/orders-screen')` also fetches the orders
 * part of the active language (`virtual:feature-messages/orders`, registered in lib/i18n/i18n.ts),
 * so the screen draws in that language from its first frame. A built page names messages by short
 * ids. `--mode guest` builds the guest's page; development serves both every word by its id.
 */
export function messageCataloguesPlugin(): Plugin {
  let page: Page | 'all' = 'dashboard';
  let short: Map<string, string> | undefined;
  return {
    name: 'tavolo-message-catalogues',
    configResolved(config) {
      page = config.mode === 'guest' ? 'guest' : config.command === 'serve' ? 'all' : 'dashboard';
    },
    buildStart() {
      forgetSources();
      short = page === 'all' ? undefined : shortIds();
    },
    resolveId(id) {
      return id.startsWith(PARTS) || id.startsWith(FEATURE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id.startsWith(`\0${FEATURE}`)) {
        const feature = id.slice(FEATURE.length + 1);
        const loaders = LANGUAGES.map(
          (language) => `${language}: () => import('${PARTS}${language}/${feature}')`,
        );
        return `import { registerMessages } from ${JSON.stringify(I18N_MODULE)};\nexport const ready = () => registerMessages(${JSON.stringify(feature)}, { ${loaders.join(', ')} });\n`;
      }
      if (!id.startsWith(`\0${PARTS}`)) return undefined;
      // The development server loads a part again when a catalogue changes: read the sources anew.
      if (page === 'all') forgetSources();
      const [language, part = 'page'] = id.slice(PARTS.length + 1).split('/');
      for (const { file } of listCatalogueFiles()) this.addWatchFile(file);
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      const json = JSON.stringify(compiledCatalogue(language!, page, part));
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!short || !file.startsWith(SRC) || !/\.tsx?$/.test(file)) return undefined;
      let result = code.replace(/\bt\(\s*(['"])([\w.-]+)\1/g, (call, quote: string, messageId: string) => {
        const name = short!.get(messageId);
        return name ? `t(${quote}${name}${quote}` : call;
      });
      if (page !== 'all')
        result = result.replace(
          SCREEN_IMPORT,
          (load, _quote: string, specifier: string, feature: string) =>
            `Promise.all([${load.replace(/import\(\s*['"][^'"]+['"]\s*\)/, `import(${JSON.stringify(specifier)})`)}, import('${FEATURE}${feature}').then((part) => part.ready())]).then(([screen]) => screen)`,
        );
      return result === code ? undefined : { code: result, map: null };
    },
  };
}
