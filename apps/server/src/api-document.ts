import { API_ENDPOINTS } from '@tavolo/contract/api';
import { buildOpenApiDocument } from '@tavolo/contract/openapi';
import { RELEASE_HEADER } from '@tavolo/contract/values/health';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The OpenAPI document served at /api/openapi.json (built once: it only depends on the contract). */
export function apiDocument() {
  document ??= buildOpenApiDocument(API_ENDPOINTS, {
    title: 'Tavolo API',
    version: '1.0.0',
    description: `Restaurant ordering and management. Errors always have the shape \`{ "error": { "code", "message", "fields"? } }\`; money is in integer minor units. Every answer of a server that serves the web app carries \`${RELEASE_HEADER}\`: the release (build id) of that web app.`,
  });
  return document;
}
