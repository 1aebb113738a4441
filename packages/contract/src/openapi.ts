import { z } from 'zod';
import { textPattern } from './common';
import { type Endpoint, errorStatusesOf } from './endpoint';
import { ZErrorResponse } from './errors';
import { IDEMPOTENCY_KEY_HEADER } from './orders';

/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint table: paths, operation ids,
 * who may call each operation (security, and the permission in `x-permissions`), request schemas as
 * strict as the server's, every success and error status with its media type.
 */

type JsonSchema = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed or fails validation (`fields` says which), or carries a reset token or signature that is not (or no longer) valid',
  401: 'No live session (or, for sign-in, wrong e-mail or password)',
  403: 'The session lacks the permission, or a cookie-authenticated write came from another origin',
  404: 'Not found, or not of the session’s restaurant, or the guest’s token does not match',
  409: 'Conflicts with the current state (a duplicate, an illegal move, a request still running)',
  413: 'The body is too large',
  415: 'The body’s media type is not accepted',
  422: 'Well-formed but not acceptable (an unknown category, an item not on today’s menu, a reused Idempotency-Key)',
  429: 'Too many attempts; try again later',
  503: 'The service cannot reach its database',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done; no content',
  401: 'The failed sign-in answer',
};

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/**
 * A request's schema as the document gives it. PostgreSQL's text cannot hold U+0000 (the server
 * answers 400), so every string says so: in its own pattern, or in this one.
 */
function requestSchemaOf(schema: z.ZodType): JsonSchema {
  return withoutNul(jsonSchemaOf(schema, 'input')) as JsonSchema;
}

function withoutNul(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNul);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutNul(value)]));
  const free = schema.pattern === undefined && schema.enum === undefined && schema.const === undefined;
  if (schema.type === 'string' && free) schema.pattern = textPattern(0);
  return schema;
}

/** `/api/menu/:id` → `/api/menu/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

function parametersOf(endpoint: Endpoint): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const fromObject = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = requestSchemaOf(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...propertySchema } = property;
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
      });
    }
  };
  fromObject(endpoint.params, 'path');
  fromObject(endpoint.query, 'query');
  const { access } = endpoint;
  if (access.kind === 'guest' && access.credential.in === 'header') {
    parameters.push({
      name: access.credential.name,
      in: 'header',
      required: access.staffAnyOf.length === 0,
      description: 'The guest’s token for this order (staff use their session instead)',
      schema: { type: 'string', minLength: 1, maxLength: 200 },
    });
  }
  if (endpoint.idempotent) {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: 'Makes a retry safe: the same key replays the first answer; with another body, 422',
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
    });
  }
  if (endpoint.produces === 'text/event-stream') {
    parameters.push({
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description: 'Resume after this event: what was missed is replayed first',
      schema: { type: 'string', maxLength: 20 },
    });
  }
  return parameters;
}

function requestBodyOf(endpoint: Endpoint): JsonSchema | undefined {
  if (endpoint.consumes === 'multipart/form-data') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary' } },
            required: ['file'],
          },
        },
      },
    };
  }
  if (!endpoint.body) return undefined;
  return {
    required: true,
    content: { 'application/json': { schema: requestSchemaOf(endpoint.body) } },
  };
}

function successContentOf(endpoint: Endpoint): JsonSchema | undefined {
  if (endpoint.response) return { 'application/json': { schema: jsonSchemaOf(endpoint.response, 'output') } };
  if (!endpoint.produces) return undefined;
  const binary = endpoint.produces.startsWith('image/') && endpoint.produces !== 'image/svg+xml';
  return {
    [endpoint.produces]: { schema: binary ? { type: 'string', format: 'binary' } : { type: 'string' } },
  };
}

function securityOf(endpoint: Endpoint): JsonSchema[] {
  const session = [{ bearer: [] }, { cookie: [] }];
  switch (endpoint.access.kind) {
    case 'public':
      return [];
    case 'guest':
      // A guest needs no session; staff may use theirs instead of the guest's token.
      return endpoint.access.staffAnyOf.length > 0 ? [{}, ...session] : [];
    default:
      return session;
  }
}

function describeAccess(endpoint: Endpoint): string {
  const { access } = endpoint;
  switch (access.kind) {
    case 'public':
      return 'Public.';
    case 'signed-in':
      return 'Any signed-in owner or staff member.';
    case 'owner':
      return 'Owners only (staff get 403).';
    case 'permission':
      return `Needs ${access.anyOf.map((p) => `\`${p}\``).join(' or ')}.`;
    case 'guest': {
      const credential = `the guest's \`${access.credential.name}\` (${access.credential.in})`;
      return access.staffAnyOf.length > 0
        ? `A guest with ${credential}, or staff with ${access.staffAnyOf.map((p) => `\`${p}\``).join(' or ')}.`
        : `A guest with ${credential}.`;
    }
  }
}

export function buildOpenApiDocument(
  endpoints: Record<string, Endpoint>,
  info: { title: string; version: string; description: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  const errorsUsed = new Set<number>();
  for (const [operationId, endpoint] of Object.entries(endpoints)) {
    tags.add(endpoint.tag);
    const status = endpoint.status ?? 200;
    const content = successContentOf(endpoint);
    const responses: Record<string, JsonSchema> = {
      [status]: {
        description: SUCCESS_DESCRIPTIONS[status] ?? 'OK',
        ...(content ? { content } : {}),
      },
    };
    for (const error of errorStatusesOf(endpoint)) {
      errorsUsed.add(error);
      responses[error] = { $ref: `#/components/responses/Error${error}` };
    }
    const parameters = parametersOf(endpoint);
    const requestBody = requestBodyOf(endpoint);
    const { access } = endpoint;
    const operation: JsonSchema = {
      operationId,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: [endpoint.description, describeAccess(endpoint)].filter(Boolean).join('\n\n'),
      security: securityOf(endpoint),
      ...(access.kind === 'permission' ? { 'x-permissions': access.anyOf } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
    const path = openApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation;
  }
  const errorResponses = Object.fromEntries(
    [...errorsUsed].sort().map((status) => [
      `Error${status}`,
      {
        description: ERROR_DESCRIPTIONS[status] ?? 'Error',
        ...(status === 429
          ? {
              headers: {
                'Retry-After': {
                  description: 'Seconds until the window starts over',
                  schema: { type: 'integer', minimum: 1 },
                },
              },
            }
          : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/', description: 'This Tavolo server' }],
    tags: [...tags].sort().map((name) => ({ name, description: `Calls about ${name}` })),
    security: [{ bearer: [] }, { cookie: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token from POST /auth/login or /auth/register',
        },
        cookie: { type: 'apiKey', in: 'cookie', name: 'tavolo_session', description: 'The session cookie' },
      },
      schemas: { Error: jsonSchemaOf(ZErrorResponse, 'output') },
      responses: errorResponses,
    },
  };
}
