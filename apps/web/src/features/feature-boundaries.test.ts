import { describe, expect, it } from 'vitest';

// What two features share lives in lib/ or components/ui/; app/ sits on top of the features. And a
// feature's model/ holds its pure logic: no React, no components, so it reads and tests on its own.
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

describe('feature boundaries', () => {
  it('no feature imports another feature or the app', () => {
    const offenders: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      const feature = file.split('/')[1];
      for (const specifier of importsOf(text)) {
        const other = /^\.\.\/\.\.\/([^./][^/]*)\//.exec(specifier)?.[1];
        if ((other && other !== feature) || /^(\.\.\/)+app\//.test(specifier)) {
          offenders.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('model/ modules import neither React nor their feature’s components', () => {
    const offenders: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      if (!file.includes('/model/') || file.includes('.test.')) continue;
      for (const specifier of importsOf(text)) {
        if (specifier === 'react' || specifier.startsWith('../components/')) {
          offenders.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
