import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { listCatalogueFiles, messageIdsOf, readCatalogue } from '../../../message-catalogues';
import { findMessageUses, listAppSources } from '../../../source-messages';
import { LANGUAGES } from './languages';

/*
 * The catalogues and the source agree: every message the source asks for is in every language, no
 * catalogue keeps a message nothing asks for, and a translation has the placeholders its English
 * has (a German plural that lost its {count} would show a wrong number).
 */

const files = listCatalogueFiles();
const folders = [...new Set(files.map((entry) => entry.folder))];
const catalogue = (folder: string, language: string) => {
  const entry = files.find((one) => one.folder === folder && one.language === language);
  return entry ? readCatalogue(entry.file) : undefined;
};
/** The id prefix of a folder's messages: features/orders → "orders", components/ui → "ui". */
const namespaceOf = (folder: string) => folder.split('/').at(-1)!;

const english = new Map<string, { folder: string; message: string }>();
for (const folder of folders)
  for (const [id, message] of Object.entries(catalogue(folder, 'en') ?? {}))
    english.set(id, { folder, message });

const uses = listAppSources().flatMap(findMessageUses);

function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const option of token.cases) visit(option.tokens);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

describe('message catalogues', () => {
  it('has catalogues to check', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  it.each(folders)('%s speaks every language with the same messages', (folder) => {
    const ids = Object.keys(catalogue(folder, 'en') ?? {}).sort();
    for (const language of LANGUAGES) {
      const messages = catalogue(folder, language);
      expect(messages, `${folder}/messages/${language}.json is missing`).toBeDefined();
      expect(Object.keys(messages!).sort(), `${folder} in ${language}`).toEqual(ids);
      for (const id of ids) {
        const message = messages![id]!;
        expect(message.trim(), `${id} in ${language} is empty`).not.toBe('');
        expect(() => compileMessage(message), `${id} in ${language}`).not.toThrow();
        expect(argumentsOf(message), `${id} in ${language}: placeholders`).toEqual(
          argumentsOf(catalogue(folder, 'en')![id]!),
        );
      }
    }
  });

  it.each(folders)("%s's ids start with its name", (folder) => {
    const strays = Object.keys(catalogue(folder, 'en') ?? {}).filter(
      (id) => !id.startsWith(`${namespaceOf(folder)}.`),
    );
    expect(strays).toEqual([]);
  });

  it('names every message with a string literal, so that it can be found', () => {
    const dynamic = uses.filter((use) => use.id === null).map((use) => `${use.file}:${use.line}`);
    expect(dynamic).toEqual([]);
  });

  it('has every message the source asks for', () => {
    const missing = uses
      .filter((use) => use.id !== null && !english.has(use.id))
      .map((use) => `${use.file}:${use.line} ${use.id}`);
    expect(missing).toEqual([]);
  });

  it('keeps no message the source no longer asks for', () => {
    const asked = new Set(uses.map((use) => use.id));
    expect([...english.keys()].filter((id) => !asked.has(id))).toEqual([]);
  });

  it("ships the guest's pages their own messages and none of the dashboard's", () => {
    const guest = messageIdsOf('guest');
    expect(guest).toContain('guest.menu.loadFailed');
    expect(guest).toContain('app.notFound.title');
    expect([...guest].filter((id) => /^(orders|menu|staff|settings|overview)\./.test(id))).toEqual([]);
  });
});
