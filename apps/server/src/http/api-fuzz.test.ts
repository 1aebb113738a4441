import { API_ENDPOINTS } from '@tavolo/contract/api';
import { authEndpoints } from '@tavolo/contract/auth';
import { RULE_KEYWORD } from '@tavolo/contract/common';
import { type Endpoint, errorStatusesOf, pathOf } from '@tavolo/contract/endpoint';
import {
  GUEST_TOKEN_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  ordersEndpoints,
  type TCreatedOrder,
} from '@tavolo/contract/orders';
import { rolesEndpoints } from '@tavolo/contract/staff';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createTestApp,
  injectApi,
  type SeededRestaurant,
  seedRestaurant,
  type TestApp,
} from '../../test/helpers';
import { apiDocument } from '../api-document';

/**
 * Generated input on every route: requests built from the contract's own schemas (valid ones, and
 * ones mutated to break them), sent as an owner, as nobody, and as a guest. Whatever comes in, the
 * server answers a status the API document lists for that operation, and never a 5xx. And a request
 * the API document allows (its parameters and body, checked against the document's JSON Schema) is
 * never refused as invalid: the document is as strict as the server.
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
  // Table 3's code is known, not its id: no generated call rotates it or deletes its table.
  seeded = await seedRestaurant(t.app, { tables: [1, 2, 3] });
  guestOrder = await callApi(t.app, null, ordersEndpoints.placeOrder, {
    body: { qrToken: seeded.tables[0]!.qrToken, items: [{ menuItemId: seeded.items[0]!.id, quantity: 1 }] },
  });
  knownQrToken = seeded.tables[2]!.qrToken;
  const { items: roles } = await callApi(t.app, seeded.owner.token, rolesEndpoints.listRoles);
  knownIds = [
    seeded.owner.restaurantId,
    seeded.category.id,
    seeded.items[0]!.id,
    seeded.tables[1]!.id,
    guestOrder.id,
    roles[0]!.id,
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

/**
 * Reads the document's schemas as a client's validator would: JSON Schema 2020-12 (OpenAPI 3.1's
 * dialect) with its formats asserted. `multipleOf: 0.01` is read to 1e-9, as floating point needs
 * (0.29 / 0.01 is not a whole number in binary) and as the server reads it. Unknown keywords are
 * errors, so a misspelt rule cannot pass for one; our own vendor keyword is declared.
 */
const ajv = new Ajv2020({ strictTypes: false, allErrors: true, multipleOfPrecision: 9 });
addFormats(ajv);
ajv.addKeyword({ keyword: RULE_KEYWORD, schemaType: 'string' });
const validators = new WeakMap<Json, ValidateFunction>();
const validatorOf = (schema: Json): ValidateFunction => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
};
const valid = (schema: Json, value: unknown): boolean => validatorOf(schema)(value);

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', ' ', '\u0000', '=1+1', '../../etc', '%', '💥'.repeat(3)),
);

/** Keywords that narrow a number: when two schemas meet, the narrower bound wins. */
function mergedKeyword(key: string, base: unknown, branch: unknown): unknown {
  if (typeof base !== 'number' || typeof branch !== 'number') return branch;
  if (key === 'minimum' || key === 'exclusiveMinimum' || key === 'minLength' || key === 'minItems')
    return Math.max(base, branch);
  if (key === 'maximum' || key === 'exclusiveMaximum' || key === 'maxLength' || key === 'maxItems')
    return Math.min(base, branch);
  return branch;
}

/** `base` with `branch` laid over it (what `allOf: [base, branch]` allows, for the keywords we use). */
function merged(base: Json, branch: Json): Json {
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(branch)) {
    if (key === 'properties') {
      const properties = { ...((base.properties ?? {}) as Record<string, Json>) };
      for (const [name, schema] of Object.entries(value as Record<string, Json>))
        properties[name] = properties[name] ? merged(properties[name], schema) : schema;
      result.properties = properties;
    } else if (key === 'required') {
      result.required = [...new Set([...((base.required as string[]) ?? []), ...(value as string[])])];
    } else {
      result[key] = mergedKeyword(key, base[key], value);
    }
  }
  return result;
}

/** RFC 3339 date-times, in the shapes a client may write them (offsets, fractions). */
const dateTime = fc
  .tuple(
    fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('9998-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    fc.constantFrom('Z', '+00:00', '+02:00', '-05:30', '+14:00'),
    fc.constantFrom('', '.5', '.123', '.123456789'),
  )
  .map(([date, offset, fraction]) => `${date.toISOString().slice(0, 19)}${fraction}${offset}`);

function stringOf(schema: Json, key: string | undefined): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 40);
  let candidates: fc.Arbitrary<string>;
  if (schema.format === 'uuid')
    candidates = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownIds) }, fc.uuid({ version: 4 }));
  else if (schema.format === 'date-time') candidates = dateTime;
  else if (schema.format === 'date')
    candidates = fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('9998-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
  // The schema's own pattern (an e-mail's included) yields values the server accepts.
  else if (typeof schema.pattern === 'string') candidates = fc.stringMatching(new RegExp(schema.pattern));
  else
    candidates = fc.oneof(
      fc.string({ minLength, maxLength }),
      // Spaces around and inside, and characters of every plane: what trimming and storing meet.
      fc.string({ unit: fc.constantFrom(' ', '\t', 'a', 'é'), minLength, maxLength }),
      fc.string({ unit: 'binary', minLength, maxLength }),
    );
  if (key === 'qrToken')
    candidates = fc.oneof({ weight: 3, arbitrary: fc.constant(knownQrToken) }, candidates);
  // Every other keyword (lengths beside a pattern, a format beside it) is held by the validator.
  return candidates.filter((value) => valid(schema, value));
}

const INT32 = 2 ** 31 - 1;

function numberOf(schema: Json): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum as number | undefined;
  const exclusiveMax = schema.exclusiveMaximum as number | undefined;
  const min = (schema.minimum as number | undefined) ?? exclusiveMin ?? -Number.MAX_SAFE_INTEGER;
  const max = (schema.maximum as number | undefined) ?? exclusiveMax ?? Number.MAX_SAFE_INTEGER;
  const step = schema.multipleOf as number | undefined;
  const numbers =
    step !== undefined
      ? fc
          .integer({
            min: Math.max(Math.ceil(min / step), -INT32),
            max: Math.min(Math.floor(max / step), INT32),
          })
          .map((k) => Number((k * step).toPrecision(12)))
      : schema.type === 'integer'
        ? fc.oneof(
            { weight: 4, arbitrary: fc.integer({ min: Math.max(min, -INT32), max: Math.min(max, INT32) }) },
            // The bounds themselves, however large: what a database column may not hold.
            fc.constantFrom(min, max),
          )
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return numbers.filter(
    (n) =>
      (exclusiveMin === undefined || n > exclusiveMin) && (exclusiveMax === undefined || n < exclusiveMax),
  );
}

function objectOf(schema: Json): fc.Arbitrary<unknown> {
  const branches = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (branches) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...base } = schema;
    return fc.oneof(
      ...branches.map((branch, index) => {
        const own = merged(base, branch);
        if (!schema.oneOf) return objectOf(own);
        // Exactly one: leave out what only the other branches ask for (the order's qrToken or tableId).
        const mine = new Set((own.required as string[] | undefined) ?? []);
        const others = branches
          .filter((_, other) => other !== index)
          .flatMap((b) => (b.required as string[] | undefined) ?? [])
          .filter((name) => !mine.has(name));
        const properties = { ...((own.properties ?? {}) as Record<string, Json>) };
        for (const name of others) delete properties[name];
        return objectOf({ ...own, properties });
      }),
    );
  }
  // A property that must be absent (`not: {}`: another mode's field) is never sent.
  const properties = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, Json>).filter(
      ([, property]) => !(property.not && Object.keys(property.not as Json).length === 0),
    ),
  );
  const names = Object.keys(properties);
  const required = new Set(((schema.required as string[] | undefined) ?? []).filter((k) => k in properties));
  const dependent = (schema.dependentRequired ?? {}) as Record<string, string[]>;
  const all = fc.record(
    Object.fromEntries(names.map((name) => [name, arbitraryOf(properties[name]!, name)])),
  );
  // Which optional properties are sent, then what they ask for along with them (dependentRequired).
  return fc
    .tuple(all, fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length }))
    .map(([values, sent]) => {
      const keep = new Set(names.filter((name, i) => required.has(name) || sent[i]));
      for (let grew = true; grew; ) {
        grew = false;
        for (const name of [...keep])
          for (const needed of dependent[name] ?? [])
            if (!keep.has(needed) && needed in properties) grew = Boolean(keep.add(needed));
      }
      return Object.fromEntries(names.filter((name) => keep.has(name)).map((name) => [name, values[name]]));
    });
}

/** Values `schema` allows, honouring the keywords the contract's schemas use. */
function arbitraryOf(schema: Json, key?: string): fc.Arbitrary<unknown> {
  if (schema.not) {
    const { not, ...rest } = schema;
    // `not: {}` allows nothing: such a property is left out where it is met (objectOf).
    if (Object.keys(not as Json).length === 0) throw new Error(`no value is allowed for ${key}`);
    return arbitraryOf(rest, key).filter((value) => !valid(not as Json, value));
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union && schema.type === undefined) {
    // A union of whole schemas (a value or null; a body's kinds): one of them, with what they share.
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = schema;
    return fc.oneof(...union.map((branch) => arbitraryOf(merged(shared, branch), key)));
  }
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
  if (examples.length > 0) {
    const { examples: _examples, ...rest } = schema;
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples) }, arbitraryOf(rest, key));
  }
  switch (schema.type) {
    case 'string':
      return stringOf(schema, key);
    case 'integer':
    case 'number':
      return numberOf(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? arbitraryOf(schema.items as Json) : fc.jsonValue();
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const constraints = {
        minLength,
        maxLength: Math.max(minLength, Math.min((schema.maxItems as number) ?? 3, 3)),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (item) => JSON.stringify(item) })
        : fc.array(items, constraints);
    }
    case 'object':
      return objectOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---- the API document's request schemas ---------------------------------------------------------

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Json };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
};

const operations = new Map(
  Object.values(apiDocument().paths as Record<string, Record<string, Operation>>)
    .flatMap((item) => Object.values(item))
    .map((operation) => [operation.operationId, operation]),
);

/** The operation's path or query parameters as one object schema: what a client fills in. */
function parametersSchema(operation: Operation, where: 'path' | 'query'): Json {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

type Documented = { params: Json; query: Json; body: Json | undefined };

function documentedSchemas(operationId: string): Documented {
  const operation = operations.get(operationId)!;
  return {
    params: parametersSchema(operation, 'path'),
    query: parametersSchema(operation, 'query'),
    body: operation.requestBody?.content['application/json']?.schema,
  };
}

// ---- requests ----------------------------------------------------------------------------------

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

/** Path parameters travel as strings too. */
const asParams = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value && typeof value === 'object' ? (value as Json) : {}).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'),
    ]),
  );

function requestsFor(operationId: string): fc.Arbitrary<Request> {
  const documented = documentedSchemas(operationId);
  const validParams = arbitraryOf(documented.params);
  const validQuery = arbitraryOf(documented.query);
  const params = fc.oneof(
    { weight: 4, arbitrary: validParams },
    { weight: 1, arbitrary: mutated(validParams) },
  );
  const query = fc.oneof(validQuery, mutated(validQuery));
  const validBody = documented.body ? arbitraryOf(documented.body) : fc.constant(undefined);
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
    params: params.map(asParams),
    query: query.map(asQuery),
    body,
    who: fc.constantFrom('owner' as const, 'owner' as const, 'nobody' as const),
  });
}

// ---- what the document cannot say ---------------------------------------------------------------

/**
 * Why a server may still refuse what the document allows: rules JSON Schema cannot state (a time
 * zone the runtime knows; a rule across an array's items or across an object's numbers). The
 * contract names each one on the fields it governs (`x-tavolo-rule`) and says it in their
 * description; only a 400 whose every field carries one of these is not the document's fault.
 * Keep this list short: a rule JSON Schema can say belongs in the schema.
 */
const NOT_EXPRESSIBLE = new Set([
  // Intl knows the zones, and JSON Schema has no format for them; the pattern bounds their shape.
  'iana-time-zone',
  // min ≤ max ≤ the number of choices: comparisons between fields and an array's length.
  'option-group-bounds',
  // Names unique whatever their case: uniqueItems compares whole items, and case-sensitively.
  'unique-names-ignoring-case',
  // OpenAPI 3.1 gives each query parameter a schema of its own: none can say "this one, or those two".
  'parameters-together',
]);

/**
 * 400s that are not about the request's shape: a reset link used or expired, a webhook's signature
 * that is not the provider's. No document can tell them apart from good ones.
 */
const STATE_CODES = new Set(['INVALID_TOKEN', 'INVALID_SIGNATURE']);

/** The schemas a field path (`items.0.quantity`, `_` for the whole) reaches, through unions. */
function schemasAt(schema: Json, path: string[]): Json[] {
  const alternatives = [schema, ...(((schema.anyOf ?? schema.oneOf) as Json[] | undefined) ?? [])];
  if (path.length === 0) return alternatives;
  const [head, ...rest] = path as [string, ...string[]];
  return alternatives.flatMap((s) => {
    const property = (s.properties as Record<string, Json> | undefined)?.[head];
    if (property) return schemasAt(property, rest);
    if (s.items && /^\d+$/.test(head)) return schemasAt(s.items as Json, rest);
    return [];
  });
}

/** Whether every field the 400 names is governed by a rule JSON Schema cannot state. */
function onlyNotExpressible(
  documented: Documented,
  error: { message: string; fields?: Record<string, string> },
) {
  const fields = Object.keys(error.fields ?? {});
  if (fields.length === 0) return false;
  const where = error.message.includes('querystring')
    ? documented.query
    : error.message.includes('params')
      ? documented.params
      : documented.body;
  if (!where) return false;
  return fields.every((field) => {
    const path = field === '_' ? [] : field.split('.');
    return schemasAt(where, path).some((s) => NOT_EXPRESSIBLE.has(s[RULE_KEYWORD] as string));
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
      ? requestsFor(operationId).filter(
          (r) => r.who === 'nobody' || Object.keys(r.query).some((k) => k !== 'guestToken'),
        )
      : requestsFor(operationId);
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

  // Streams that open never end, and uploads are multipart (the test below): the rest are sent what
  // the document allows.
  const documentedEndpoints = endpoints.filter(
    ([operationId, endpoint]) => !STREAMS.has(operationId) && endpoint.consumes !== 'multipart/form-data',
  );

  it.each(documentedEndpoints)(
    '%s: a request the document allows is not refused as invalid',
    async (operationId, endpoint) => {
      const documented = documentedSchemas(operationId);
      const statuses = new Set([endpoint.status ?? 200, ...errorStatusesOf(endpoint)]);
      const requests = fc
        .record({
          params: arbitraryOf(documented.params),
          query: arbitraryOf(documented.query),
          body: documented.body ? arbitraryOf(documented.body) : fc.constant(undefined),
        })
        // An empty path parameter addresses another path (see above).
        .filter(({ params }) => Object.values(params as Json).every((value) => value !== ''));
      const numRuns = endpoint.tag === 'auth' ? 10 : 30;
      let notExpressible = 0;
      await fc.assert(
        fc.asyncProperty(requests, async ({ params, query, body }) => {
          // The generator honours the schemas; the validator makes sure of it.
          for (const [part, schema, value] of [
            ['params', documented.params, params],
            ['query', documented.query, query],
            ['body', documented.body, body],
          ] as const) {
            if (schema && !valid(schema, value))
              expect.fail(
                `the generated ${part} is not what the document allows: ${ajv.errorsText(validatorOf(schema).errors)}\n${JSON.stringify(value)}`,
              );
          }
          const response = await send(operationId, endpoint, {
            params: asParams(params),
            query: asQuery(query),
            body: body === undefined ? { kind: 'none' } : { kind: 'json', value: body },
            who: 'owner',
          });
          const sent = `${endpoint.method} ${endpoint.path} ${JSON.stringify({ params, query, body })}`;
          expect(response.statusCode, `${sent}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          expect(statuses.has(response.statusCode), `${sent}: ${response.body.slice(0, 300)}`).toBe(true);
          if (response.statusCode !== 400) return;
          const { error } = response.json();
          if (STATE_CODES.has(error.code)) return;
          if (onlyNotExpressible(documented, error)) {
            notExpressible += 1;
            return;
          }
          expect.fail(`the document allows what the server refuses: ${sent}\n→ ${response.body}`);
        }),
        { numRuns },
      );
      // Not every request stopped at those rules, and the owner's session held (no run of 401s).
      expect(notExpressible).toBeLessThan(numRuns);
      expect((await injectApi(t.app, authEndpoints.me, { token: seeded.owner.token })).statusCode).toBe(200);
    },
  );

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
