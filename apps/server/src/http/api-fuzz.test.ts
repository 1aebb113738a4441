import { API_ENDPOINTS } from '@tavolo/contract/api';
import { authEndpoints } from '@tavolo/contract/auth';
import { type Endpoint, errorStatusesOf, pathOf } from '@tavolo/contract/endpoint';
import {
  GUEST_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  ordersEndpoints,
  type TCreatedOrder,
} from '@tavolo/contract/orders';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  callApi,
  createTestApp,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../test/helpers';

/**
 * Generated input on every route: requests built from the contract's own schemas (valid ones, and
 * ones mutated to break them), sent as an owner, as nobody, and as a guest. Whatever comes in, the
 * server answers a status the API document lists for that operation, and never a 5xx.
 */

type Json = Record<string, unknown>;
type Request = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };
  who: 'owner' | 'nobody';
};

let t: TestApp;
let seeded: SeededRestaurant;
let guestOrder: TCreatedOrder;
let knownIds: string[];
/** A real table's code, so guest calls that carry one (qrToken) also get past it. */
let knownQrToken: string;
let logOutToken: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '100000', ORDER_LIMIT_PER_TABLE: '100000' } });
  seeded = await seedRestaurant(t.app, { tables: [1, 2] });
  guestOrder = await callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: { qrToken: seeded.tables[0]!.qrToken, items: [{ menuItemId: seeded.items[0]!.id, quantity: 1 }] },
  });
  knownQrToken = seeded.tables[1]!.qrToken;
  knownIds = [
    seeded.owner.restaurantId,
    seeded.category.id,
    seeded.items[0]!.id,
    seeded.tables[1]!.id,
    guestOrder.id,
  ];
  logOutToken = async () => {
    const response = await injectApi(t.app, authEndpoints.logIn, {
      body: { email: seeded.owner.email, password: seeded.owner.password },
    });
    return response.json<{ token: string }>().token;
  };
});
afterAll(() => t.close());

// ---- arbitraries from JSON schemas --------------------------------------------------------------

const jsonSchemaOf = (schema: z.ZodType): Json =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '\u0000', '=1+1', '../../etc', '%', '💥'.repeat(3)),
);

function arbitraryOf(schema: Json): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union && !schema.type) return fc.oneof(...union.map(arbitraryOf));
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
  if (examples.length > 0) {
    const { examples: _examples, ...rest } = schema;
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples) }, arbitraryOf(rest));
  }
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid')
        return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownIds) }, fc.uuid({ version: 4 }));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      // The schema's own pattern (an e-mail's included) yields values the server accepts.
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 40);
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
    case 'number': {
      const min = Math.max((schema.minimum as number | undefined) ?? -1_000_000, -1_000_000_000);
      const max = Math.min((schema.maximum as number | undefined) ?? 1_000_000, 1_000_000_000);
      return schema.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? arbitraryOf(schema.items as Json) : fc.jsonValue();
      const minLength = (schema.minItems as number | undefined) ?? 0;
      return fc.array(items, {
        minLength,
        maxLength: Math.max(minLength, Math.min((schema.maxItems as number) ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const model = Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [
          k,
          k === 'qrToken'
            ? fc.oneof({ weight: 3, arbitrary: fc.constant(knownQrToken) }, arbitraryOf(v))
            : arbitraryOf(v),
        ]),
      );
      const requiredKeys = ((schema.required as string[] | undefined) ?? []).filter((k) => k in model);
      const record = fc.record(model, { requiredKeys });
      const oneOf = schema.oneOf as Json[] | undefined;
      // Honour "exactly one of" (the order's qrToken or tableId) so valid bodies are valid.
      if (!oneOf) return record;
      return fc.oneof(
        ...oneOf.map((branch) => {
          const [only] = (branch.required as string[]) ?? [];
          const others = oneOf.flatMap((b) => (b.required as string[]) ?? []).filter((k) => k !== only);
          return fc.tuple(record, model[only!]!).map(([value, required]) => {
            const result: Json = { ...(value as Json), [only!]: required };
            for (const other of others) delete result[other];
            return result;
          });
        }),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Breaks a valid value: a field dropped, retyped or added, or the whole value replaced. */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.tuple(valid, fc.nat(), fc.jsonValue({ maxDepth: 2 })).map(([value, pick, replacement]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return replacement;
      const keys = Object.keys(value);
      if (keys.length === 0) return { unexpected: replacement };
      const key = keys[pick % keys.length]!;
      const copy: Json = { ...(value as Json) };
      if (pick % 3 === 0) delete copy[key];
      else copy[key] = replacement;
      return copy;
    }),
    fc
      .tuple(valid, text)
      .map(([value, extra]) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? { ...(value as Json), [extra || 'x']: extra }
          : value,
      ),
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'binary', minLength: 2000, maxLength: 5000 }),
  );
}

/** Query values travel as strings, whatever the schema's type. */
const asQuery = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value as Json)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      )
    : {};

function requestsFor(endpoint: Endpoint): fc.Arbitrary<Request> {
  const params = endpoint.params
    ? fc.oneof(
        { weight: 4, arbitrary: arbitraryOf(jsonSchemaOf(endpoint.params)) },
        { weight: 1, arbitrary: mutated(arbitraryOf(jsonSchemaOf(endpoint.params))) },
      )
    : fc.constant({});
  const query = endpoint.query
    ? fc.oneof(arbitraryOf(jsonSchemaOf(endpoint.query)), mutated(arbitraryOf(jsonSchemaOf(endpoint.query))))
    : fc.constant({});
  const validBody = endpoint.body ? arbitraryOf(jsonSchemaOf(endpoint.body)) : fc.constant(undefined);
  const body: fc.Arbitrary<Request['body']> = fc.oneof(
    {
      weight: 3,
      arbitrary: validBody.map((value) =>
        value === undefined ? { kind: 'none' as const } : { kind: 'json' as const, value },
      ),
    },
    { weight: 3, arbitrary: mutated(validBody).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: text.map((raw) => ({ kind: 'raw' as const, text: raw })) },
  );
  return fc.record({
    params: params.map((value) =>
      Object.fromEntries(
        Object.entries(value && typeof value === 'object' ? (value as Json) : {}).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'),
        ]),
      ),
    ),
    query: query.map(asQuery),
    body,
    who: fc.constantFrom('owner' as const, 'owner' as const, 'nobody' as const),
  });
}

// ---- the test -------------------------------------------------------------------------------------

async function send(operationId: string, endpoint: Endpoint, request: Request) {
  const headers: Record<string, string> = {};
  if (request.who === 'owner') {
    headers.authorization = `Bearer ${operationId === 'logOut' ? await logOutToken() : seeded.owner.token}`;
  }
  if (endpoint.idempotent) headers[IDEMPOTENCY_KEY_HEADER] = `fuzz-${Math.random()}`;
  if (operationId === 'getOrder' && request.who === 'nobody')
    headers[GUEST_TOKEN_HEADER] = guestOrder.guestToken!;
  let url: string;
  try {
    url = pathOf(endpoint, request.params);
  } catch {
    url = endpoint.path.replace(/:[A-Za-z]+/g, 'missing');
  }
  const search = new URLSearchParams(request.query).toString();
  const payload =
    request.body.kind === 'json'
      ? {
          payload: JSON.stringify(request.body.value ?? null),
          headers: { ...headers, 'content-type': 'application/json' },
        }
      : request.body.kind === 'raw'
        ? { payload: request.body.text, headers: { ...headers, 'content-type': 'application/json' } }
        : { headers };
  return t.app.inject({
    method: endpoint.method,
    url: search ? `${url}?${search}` : url,
    ...(endpoint.method === 'GET' ? { headers } : payload),
  });
}

const STREAMS = new Set(['restaurantStream', 'guestOrderStream', 'tableStream']);

describe('generated input on every route', () => {
  const endpoints = Object.entries(API_ENDPOINTS) as [string, Endpoint][];

  it.each(endpoints)('%s: only documented statuses, never a 5xx', async (operationId, endpoint) => {
    const documented = new Set([endpoint.status ?? 200, ...errorStatusesOf(endpoint)]);
    // A stream that opens never ends: only requests that must be refused are sent to it.
    const requests = STREAMS.has(operationId)
      ? requestsFor(endpoint).filter(
          (r) => r.who === 'nobody' || Object.keys(r.query).some((k) => k !== 'guestToken'),
        )
      : requestsFor(endpoint);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        if (STREAMS.has(operationId)) {
          // Keep it refused: no session, and for the guest's stream a token that matches nothing.
          request.who = 'nobody';
          if (operationId === 'guestOrderStream') request.query.guestToken = 'not-a-token';
          if (operationId === 'restaurantStream') request.query.lastEventId = 'x'.repeat(30);
          // A well-formed code of no table: 404 before the stream opens.
          if (operationId === 'tableStream' && request.query.qrToken === knownQrToken)
            request.query.qrToken = 'x'.repeat(24);
        }
        const response = await send(operationId, endpoint, request);
        seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
        expect(
          response.statusCode,
          `${endpoint.method} ${endpoint.path}: ${response.body.slice(0, 300)}`,
        ).toBeLessThan(500);
        // An empty path parameter addresses another path (an order's id left empty names the
        // orders): what that path answers, no route (404) or not this method (405), is not this
        // operation's.
        const elsewhere = Object.values(request.params).some((value) => value === '');
        expect(
          documented.has(response.statusCode) ||
            (elsewhere && (response.statusCode === 404 || response.statusCode === 405)),
          `${response.statusCode} is not documented: ${response.body.slice(0, 300)}`,
        ).toBe(true);
      }),
      // Signing in hashes passwords: fewer runs.
      { numRuns: endpoint.tag === 'auth' ? 15 : 40 },
    );
    expect(seen.size).toBeGreaterThan(0);
  });

  it('uploads: any bytes under any name, and bodies that are not multipart', async () => {
    const endpoint = API_ENDPOINTS.uploadImage;
    const documented = new Set([201, ...errorStatusesOf(endpoint)]);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom('file', 'photo', ''),
        fc.constantFrom(
          'multipart/form-data; boundary=X',
          'multipart/form-data',
          'application/octet-stream',
          'text/plain',
        ),
        async (bytes, field, contentType) => {
          const head = `--X\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
          const payload = Buffer.concat([
            Buffer.from(head),
            Buffer.from(bytes),
            Buffer.from('\r\n--X--\r\n'),
          ]);
          const response = await injectApi(t.app, endpoint, {
            token: seeded.owner.token,
            headers: { 'content-type': contentType },
            payload,
          });
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
          expect(
            documented.has(response.statusCode),
            `${response.statusCode}: ${response.body.slice(0, 200)}`,
          ).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
