import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The migrated embedded database every server test file starts from. */
export const TEMPLATE_TAR = path.join(repoRoot, '.tmp/test-template/pglite.tar');
/** The migrated PostgreSQL database test files clone with CREATE DATABASE … TEMPLATE. */
export const TEMPLATE_DATABASE = 'tavolo_test_template';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
