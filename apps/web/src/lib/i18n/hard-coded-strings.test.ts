import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listAppSources, parseSource, walk } from '../../../source-messages';

/*
 * No component says something in English of its own: words shown to people come from `t`. Caught
 * here: text between JSX tags, string literals rendered as children, and literal strings in the
 * attributes people read or hear (labels, titles, placeholders, alt text, aria-*), and literal
 * strings handed to a toast.
 */

/** Attributes whose value a person reads or a screen reader says. */
const SPOKEN_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'alt',
  'title',
  'placeholder',
  'label',
  'description',
  'hint',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'message',
  'pendingLabel',
  'backLabel',
  'liveTitle',
  'fallbackTitle',
]);

/** Text that is not a language: the brand, symbols, units, separators. */
const NOT_WORDS = /^(?:[\s\d\p{P}\p{S}×·…—–•]*|Tavolo|QR|PIN|PDF|CSV|PNG|SVG|OK|ID)$/u;
const hasWords = (text: string) => /\p{L}/u.test(text) && !NOT_WORDS.test(text.trim());

type Finding = string;

function findHardCoded(relative: string): Finding[] {
  const source = parseSource(relative);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    findings.push(`${relative}:${line} ${JSON.stringify(text.trim().slice(0, 60))}`);
  };
  walk(source, (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression)) &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      hasWords(node.expression.text)
    )
      report(node, node.expression.text);
    if (ts.isJsxAttribute(node) && SPOKEN_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression
            : undefined;
      if (literal && hasWords(literal.text)) report(node, literal.text);
    }
    if (
      ts.isCallExpression(node) &&
      /(?:^|\.)(?:toast|success|error|info|warning)$/.test(node.expression.getText(source)) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      hasWords(node.arguments[0].text)
    )
      report(node, node.arguments[0].text);
  });
  return findings;
}

describe('user-facing strings', () => {
  it('come from the catalogues, never hard-coded in a component', () => {
    const findings = listAppSources()
      .filter((file) => file.endsWith('.tsx'))
      .flatMap(findHardCoded);
    expect(findings).toEqual([]);
  });
});
