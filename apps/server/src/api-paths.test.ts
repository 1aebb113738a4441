import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every request a server test makes takes its endpoint from the contract's table (`callApi`,
// `injectApi`, `urlOf` in test/helpers.ts), so a path written by hand cannot drift from the route
// the server registers; the web holds itself to the same (apps/web/src/lib/api-paths.test.ts).

/** Paths the endpoint table does not have, written out on purpose. */
const NOT_ENDPOINTS = new Map([
  ['/api/openapi.json', 'the API document, served beside the endpoints'],
  ['/api/docs', 'the browsable API docs'],
  ['/api/docs/', 'the browsable API docs'],
  ['/api/nothing-here', 'an unknown route, for its 404'],
  ['/api/no-such-thing', 'an unknown route, for its 404'],
  ['/reviews', 'only POST there: a method the path does not have, for its 405'],
  ['/reviews/nothing-here', 'an unknown route, for its 404'],
  ['/reviews?x=1', 'only POST there: a method the path does not have, for its 405'],
  ['/api/forgotten', 'a route a test adds to a bare Fastify'],
  ['/api/declared', 'a route a test adds to a bare Fastify'],
  ['/auth/reset-password?token=abc', "the web app's page the password e-mail links to"],
  ['/auth/reset-password?token=s3cret', "the web app's page, in a log line"],
  ['/auth/reset-password?token=[redacted]', "the web app's page, in a log line"],
]);

/** Files left out, and why. */
const LEFT_OUT = new Map([['api-paths.test.ts', 'this file: its examples break the rule on purpose']]);

// A path in a string or template literal; one written after an interpolation (`${base}/api/…`);
// and the old call by method and path (`callApi(app, token, 'GET', …)`).
const PATTERNS = [
  /(['"`])(\/(?:api|auth|reviews)(?:[/?][^'"`\n]*)?)\1/g,
  /\}(\/(?:api|auth|reviews))(?=[/?'"`])/g,
  /callApi(?:<[^>]*>)?\(\s*[^,()]+,\s*[^,()]+,\s*['"](?:GET|POST|PUT|DELETE)['"]/g,
];

function offendersIn(text: string): { line: number; found: string }[] {
  const found: { line: number; found: string }[] = [];
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const literal = match[2];
      if (literal !== undefined && NOT_ENDPOINTS.has(literal)) continue;
      found.push({ line: text.slice(0, match.index).split('\n').length, found: match[0] });
    }
  }
  return found;
}

const src = path.dirname(fileURLToPath(import.meta.url));
const sources = [
  ...fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => ({ name: file.split(path.sep).join('/'), file: path.join(src, file) })),
  ...fs
    .readdirSync(path.join(src, '../test'), { encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ name: `../test/${file}`, file: path.join(src, '../test', file) })),
];

describe('API paths in server tests', () => {
  it('are never written by hand: tests name the endpoint', () => {
    const offenders: string[] = [];
    for (const { name, file } of sources) {
      if (LEFT_OUT.has(name)) continue;
      for (const { line, found } of offendersIn(fs.readFileSync(file, 'utf8'))) {
        offenders.push(`${name}:${line}: ${found}`);
      }
    }
    expect(sources.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it('are found however they are written, and a path the table lacks passes', () => {
    const examples = [
      "callApi(t.app, token, 'GET', url)",
      "t.app.inject({ url: '/api/health' })",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal
      't.app.inject({ url: `/api/menu/${id}` })',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal
      'openEventStream(`${base}/api/orders/stream`)',
      "fetch('/reviews/x')",
      "fetch('/auth/me')",
    ];
    for (const example of examples) expect(offendersIn(example), example).toHaveLength(1);
    expect(offendersIn("t.app.inject({ url: '/api/openapi.json' })")).toEqual([]);
    expect(offendersIn("callApi(t.app, token, healthEndpoints.health); '/t/abc'; '/uploads/x'")).toEqual([]);
  });
});
