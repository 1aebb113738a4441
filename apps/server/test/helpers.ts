import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TRegisterRequest, TSessionResponse } from '@tavolo/contract/auth';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, wrapPglite, wrapPool } from '../src/db/client';
import { roles, staff } from '../src/db/schema';
import type { MailMessage } from '../src/modules/mailer/mailer';
import { hashPassword } from '../src/security/passwords';
import { TEMPLATE_DATABASE, TEMPLATE_TAR, withDatabase } from './template';

/** A fresh database cloned from the migrated template (embedded, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const tar = await fs.readFile(TEMPLATE_TAR);
    return wrapPglite(await PGlite.create({ loadDataDir: new Blob([tar]) }));
  }
  const name = `tavolo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Two files cloning the template at the same instant can collide; a retry settles it.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const database = wrapPool(new pg.Pool({ connectionString: withDatabase(url, name), max: 10 }));
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every e-mail the app "sent", newest last. */
  mail: MailMessage[];
  close: () => Promise<void>;
};

export async function createTestApp(
  options: { env?: Record<string, string>; webDistDir?: string } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tavolo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    TAVOLO_DATA_DIR: dataDir,
    WEB_DIST_DIR: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://tavolo.test',
    ...options.env,
  });
  const database = await createTestDatabase();
  const mail: MailMessage[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    mailer: { send: async (message) => void mail.push(message) },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mail,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

export function uniqueEmail(prefix = 'owner'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export type Owner = { token: string; restaurantId: string; email: string; password: string };

/** Signs up an owner with a first restaurant and returns their bearer token. */
export async function registerOwner(
  app: FastifyInstance,
  overrides: Partial<TRegisterRequest> = {},
): Promise<Owner> {
  const body: TRegisterRequest = {
    name: 'Ada Owner',
    email: uniqueEmail(),
    password: 'correct horse battery',
    restaurantName: 'Trattoria Uno',
    currency: 'EUR',
    timezone: 'Europe/Rome',
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload: body });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const session = response.json<TSessionResponse>();
  return {
    token: session.token!,
    restaurantId: session.restaurantId,
    email: body.email,
    password: body.password,
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  return response.json().error;
}

/**
 * Adds a staff member with one of the restaurant's roles straight in the database (the staff
 * module owns the real API) and signs them in.
 */
export async function createStaffMember(
  testApp: TestApp,
  restaurantId: string,
  roleName: string,
): Promise<{ token: string; staffId: string; email: string; password: string }> {
  const { db } = testApp.database;
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.restaurantId, restaurantId), eq(roles.name, roleName)));
  if (!role) throw new Error(`no role ${roleName}`);
  const email = uniqueEmail('staff');
  const password = 'staff password 1';
  const [member] = await db
    .insert(staff)
    .values({
      restaurantId,
      roleId: role.id,
      name: `${roleName} Person`,
      email,
      passwordHash: await hashPassword(password),
    })
    .returning();
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/auth/login?staff=true',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.body}`);
  return { token: response.json<TSessionResponse>().token!, staffId: member!.id, email, password };
}

/** Calls the API as `token` and fails loudly on an unexpected status. */
export async function callApi<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode !== expected) {
    throw new Error(
      `${method} ${url} answered ${response.statusCode} (expected ${expected}): ${response.body}`,
    );
  }
  return (response.body ? response.json() : undefined) as T;
}
