import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { messageIdsOf } from '../../../message-catalogues';
import { SRC } from '../../../source-messages';
import { loadCatalogues, speakEnglishAgain } from '../../testing/languages';
import { translateDashboardFieldMessage } from './dashboard-field-messages';
import { addFieldMessages, translateFieldMessage } from './field-messages';
import { i18n } from './i18n';
import { LANGUAGES, type Language } from './languages';

/*
 * Every field message the contract can give reads in the person's language: the contract's sources
 * are read for each `message:` a schema sets (a template's `${…}` parts standing for a number), and
 * each is translated in all five languages, English keeping the contract's own words.
 */

// As the dashboard's entry does (main.tsx): every message, not only the generic ones.
addFieldMessages(translateDashboardFieldMessage);

const CONTRACT = path.join(SRC, '../../../packages/contract/src');
/** What a template's `${…}` becomes in the sample message. */
const PLACEHOLDER = '12';

type ContractMessage = { where: string; sample: string; placeholders: number };

/** Each message the contract sets, once (where it is first set). */
function readContractMessages(): ContractMessage[] {
  const files = (readdirSync(CONTRACT, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  const found: ContractMessage[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(CONTRACT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'message') {
        const value = node.initializer;
        const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
          found.push({ where, sample: value.text, placeholders: 0 });
        else if (ts.isTemplateExpression(value))
          found.push({
            where,
            sample:
              value.head.text + value.templateSpans.map((span) => PLACEHOLDER + span.literal.text).join(''),
            placeholders: value.templateSpans.length,
          });
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return found.filter((message, index) => found.findIndex((one) => one.sample === message.sample) === index);
}

const contractMessages = readContractMessages();

/** What the server adds on fields the contract cannot judge alone, and zod's words where a schema gives none. */
const OTHER_MESSAGES: ContractMessage[] = [
  'is already used',
  'is already registered',
  'is already used by a staff member',
  'is not your current password',
].map((sample) => ({ where: 'server', sample, placeholders: 0 }));
OTHER_MESSAGES.push({
  where: 'zod',
  sample: `Too big: expected string to have <=${PLACEHOLDER} characters`,
  placeholders: 1,
});

function inLanguage<T>(language: Language, read: () => T): T {
  loadCatalogues(language);
  i18n.activate(language);
  return read();
}

afterAll(speakEnglishAgain);

describe('field messages', () => {
  it("finds the contract's messages, templates among them", () => {
    const samples = contractMessages.map((message) => message.sample);
    expect(samples).toContain('is required');
    expect(samples).toContain('must be an IANA time zone');
    expect(samples).toContain(`must be at most ${PLACEHOLDER} characters`);
    expect(contractMessages.filter((message) => message.placeholders > 0).length).toBeGreaterThan(0);
  });

  it.each([...contractMessages, ...OTHER_MESSAGES].map((message) => [message.sample, message] as const))(
    '"%s" reads in every language',
    (_, { where, sample, placeholders }) => {
      expect(
        inLanguage('en', () => translateFieldMessage(sample)),
        `${where} in English`,
      ).toBe(sample);
      for (const language of LANGUAGES.filter((one) => one !== 'en')) {
        const text = inLanguage(language, () => translateFieldMessage(sample));
        expect(text, `${where} in ${language}`).not.toBe(sample);
        expect(text, `${where} in ${language}: a sentence of its own`).toMatch(/^\p{Lu}.*[.!?]$/u);
        if (placeholders > 0) expect(text, `${where} in ${language}: the number`).toContain(PLACEHOLDER);
      }
    },
  );

  it('says a number in the language: plurals and digit grouping', () => {
    expect(inLanguage('de', () => translateFieldMessage('must be at most 1 characters'))).toBe(
      'Geben Sie höchstens 1 Zeichen ein.',
    );
    expect(inLanguage('it', () => translateFieldMessage('must be at most 1 characters'))).toBe(
      'Inserisci al massimo 1 carattere.',
    );
    expect(inLanguage('fr', () => translateFieldMessage('must be at most 100000000'))).toMatch(
      /^La valeur ne peut pas dépasser 100\s000\s000\.$/u,
    );
    expect(inLanguage('de', () => translateFieldMessage('must be 2000 or later'))).toBe(
      'Geben Sie ein Jahr ab 2000 ein.',
    );
  });

  it("ships the guest's page the generic messages alone: the others come with the dashboard", () => {
    const guest = [...messageIdsOf('guest')].filter((id) => id.startsWith('i18n.'));
    expect(guest).toContain('i18n.field.maxLength');
    expect(guest.filter((id) => !id.startsWith('i18n.field.'))).toEqual([]);
    expect(messageIdsOf('dashboard')).toContain('i18n.dashboardField.currency');
  });

  it('leaves a message it does not know as it is: already translated, or new', () => {
    expect(inLanguage('de', () => translateFieldMessage('Bitte füllen Sie dieses Feld aus.'))).toBe(
      'Bitte füllen Sie dieses Feld aus.',
    );
    expect(inLanguage('it', () => translateFieldMessage('must be purple'))).toBe('must be purple');
  });
});
