import { API_ENDPOINTS } from '@tavolo/contract/api';
import { authEndpoints } from '@tavolo/contract/auth';
import { RULE_KEYWORD, textPattern } from '@tavolo/contract/common';
import type { Endpoint } from '@tavolo/contract/endpoint';
import { healthEndpoints } from '@tavolo/contract/health';
import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import { openApiPath } from '@tavolo/contract/openapi';
import { ordersEndpoints } from '@tavolo/contract/orders';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { tableServiceEndpoints } from '@tavolo/contract/table-service';
import { tablesEndpoints } from '@tavolo/contract/tables';
import { uploadsEndpoints } from '@tavolo/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

type Operation = {
  operationId: string;
  security: unknown[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, unknown>; $ref?: string }>;
};

let t: TestApp;
let doc: {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { headers?: Record<string, unknown> }> };
};
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

/** What the document says of `endpoint`, found by its path and method. */
const operation = (endpoint: Endpoint) =>
  doc.paths[openApiPath(endpoint.path)]![endpoint.method.toLowerCase()]!;
const bodySchema = (endpoint: Endpoint) =>
  operation(endpoint).requestBody!.content['application/json']!.schema as {
    properties: Record<string, Record<string, unknown>>;
    oneOf?: { properties: Record<string, Record<string, unknown>>; required: string[] }[];
  };

describe('the API document (generated from the contract)', () => {
  it('has every endpoint once, each with its operationId', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(API_ENDPOINTS).sort());
  });

  it('declares one parameter name per path shape', () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
    // GET lists a restaurant's categories, PUT changes one: one path, one parameter name.
    const categories = openApiPath(categoriesEndpoints.listCategories.path);
    expect(openApiPath(categoriesEndpoints.updateCategory.path)).toBe(categories);
    expect(doc.paths[categories]).toHaveProperty('get');
    expect(doc.paths[categories]).toHaveProperty('put');
  });

  it('asks for no session on public and guest-only routes, and lets a guest or staff in on shared ones', () => {
    expect(operation(healthEndpoints.health).security).toEqual([]);
    expect(operation(menuEndpoints.guestMenu).security).toEqual([]);
    expect(operation(authEndpoints.logIn).security).toEqual([]);
    expect(operation(ordersEndpoints.guestOrderStream).security).toEqual([]);
    expect(operation(ordersEndpoints.placeOrder).security).toEqual([{}, { bearer: [] }, { cookie: [] }]);
    expect(operation(menuEndpoints.createMenuItem).security).toEqual([{ bearer: [] }, { cookie: [] }]);
  });

  it('documents every error status, and a 204 without a body', () => {
    const responses = operation(categoriesEndpoints.deleteCategory).responses;
    expect(Object.keys(responses).sort()).toEqual(['204', '400', '401', '403', '404', '409', '413', '415']);
    expect(responses['204']!.content).toBeUndefined();
    expect(responses['409']!.$ref).toBe('#/components/responses/Error409');
  });

  it('says a 429 comes with Retry-After, as the server sends it', () => {
    expect(operation(authEndpoints.logIn).responses['429']!.$ref).toBe('#/components/responses/Error429');
    expect(doc.components.responses.Error429!.headers).toEqual({
      'Retry-After': expect.objectContaining({ schema: { type: 'integer', minimum: 1 } }),
    });
    expect(doc.components.responses.Error409!.headers).toBeUndefined();
  });

  it('gives uploads a multipart body and images, CSV and streams their media types', () => {
    const upload = operation(uploadsEndpoints.uploadImage).requestBody!.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(Object.keys(operation(tablesEndpoints.tableQrSvg).responses['200']!.content!)).toEqual([
      'image/svg+xml',
    ]);
    expect(Object.keys(operation(tablesEndpoints.tableQrPng).responses['200']!.content!)).toEqual([
      'image/png',
    ]);
    expect(Object.keys(operation(ordersEndpoints.exportOrdersCsv).responses['200']!.content!)).toEqual([
      'text/csv',
    ]);
    expect(Object.keys(operation(ordersEndpoints.restaurantStream).responses['200']!.content!)).toEqual([
      'text/event-stream',
    ]);
  });

  it('states request constraints as strictly as the server checks them', () => {
    const register = bodySchema(authEndpoints.register).properties;
    expect(register.email).toMatchObject({ format: 'email' });
    expect(register.email!.pattern).toBeTypeOf('string');
    expect(register.currency!.enum).toEqual(expect.arrayContaining(['EUR', 'JPY', 'USD']));
    expect(register.currency!.enum).not.toContain('eur');
    expect(register.timezone).toMatchObject({ pattern: expect.any(String), maxLength: 64 });
    const profile = bodySchema(restaurantsEndpoints.updateRestaurant).properties;
    expect(JSON.stringify(profile.logoUrl)).toContain('https?:');
    expect(bodySchema(ordersEndpoints.placeOrder).oneOf).toEqual([
      { required: ['qrToken'] },
      { required: ['tableId'] },
    ]);
    const names = (operation(ordersEndpoints.placeOrder).parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(names).toContain('header:idempotency-key');
  });

  it('says what the server’s rules ask of text, dates and fields together', () => {
    const register = bodySchema(authEndpoints.register).properties;
    // Trimmed, a name keeps a character; no text holds U+0000 (PostgreSQL's text cannot).
    expect(register.name!.pattern).toBe(textPattern(1));
    expect(register.password!.pattern).toBe(textPattern(0));
    const from = operation(ordersEndpoints.listOrders).parameters!.find((p) => p.name === 'from')!.schema;
    expect(from.anyOf).toEqual([{ format: 'date' }, { format: 'date-time' }]);
    // A bill checkout: one body per mode, each listing its fields.
    const checkout = bodySchema(tableServiceEndpoints.startBillCheckout).oneOf!;
    expect(checkout.map((branch) => branch.properties.mode!.const)).toEqual(['full', 'equal', 'items']);
    expect(checkout.map((branch) => branch.required)).toEqual([
      ['qrToken', 'mode'],
      ['qrToken', 'mode', 'parts'],
      ['qrToken', 'mode', 'items'],
    ]);
    expect(checkout[0]!.properties.parts).toEqual({ not: {} });
    // What JSON Schema cannot say is named, and said in words.
    expect(register.timezone).toMatchObject({
      [RULE_KEYWORD]: 'iana-time-zone',
      description: expect.any(String),
    });
  });

  it('serves browsable docs', async () => {
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
