import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Mutation testing runs several test runners side by side, each with its own global setup: each
 * gets its own template, so one never rewrites the template another is cloning.
 */
const worker = process.env.STRYKER_MUTATOR_WORKER;

/** The migrated embedded database every server test file starts from. */
export const TEMPLATE_TAR = path.join(
  repoRoot,
  worker === undefined ? '.tmp/test-template/pglite.tar' : `.tmp/test-template/pglite-${worker}.tar`,
);
/** The migrated PostgreSQL database test files clone with CREATE DATABASE … TEMPLATE. */
export const TEMPLATE_DATABASE =
  worker === undefined ? 'tavolo_test_template' : `tavolo_test_template_${Number(worker)}`;

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
