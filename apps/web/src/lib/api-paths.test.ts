import { describe, expect, it } from 'vitest';

// Every request takes its path from the contract's endpoint table (`callEndpoint`, `urlOf`,
// `pathOf`), so a path written by hand could drift from the server's without anyone noticing.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

// Screens live under /auth/ too (the forgotten-password pages): that prefix is only checked where
// requests are made.
const makesRequests = (file: string) =>
  file.startsWith('../lib/') || /^\.\.\/features\/[^/]+\/api\//.test(file);

describe('API paths', () => {
  it('are never written by hand outside the contract', () => {
    const offenders: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      const pattern = makesRequests(file) ? /['"`]\/(api|auth)\//g : /['"`]\/api\//g;
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split('\n').length;
        offenders.push(`${file}:${line}`);
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
