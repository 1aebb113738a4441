import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Modules depend one way (docs/decisions/010). Each may use the modules listed before it, never one
 * after it, so there is no circle; and it uses them through what they offer others (services,
 * caches, pure models), never through their repositories, whose queries are theirs alone. Tests
 * are left out: a test may reach anywhere to set up or check what it needs.
 */

/** Every module, lowest first: a module may import only modules earlier in this list. */
const MODULE_ORDER = [
  'health',
  // Settings → Backups: the installation's backups (src/backups), for owners.
  'backups',
  'mailer',
  // Kitchen tickets to station printers: imports no module; the kitchen hands it what to print.
  'printing',
  'uploads',
  'restaurants',
  // Below every module whose changes it records, above the restaurant whose days it reads.
  'audit',
  'settlement',
  'tables',
  // Where dishes are prepared: the menu names stations.
  'stations',
  // Tax rates: categories and dishes name them.
  'taxes',
  'menu',
  'auth',
  'staff',
  // Shared devices: staff switch in by PIN (the staff module checks it), into a session (auth's).
  'devices',
  'audit',
  'visits',
  'orders',
  // Receipts and the day's close: every money move issues them.
  'receipts',
  'wallet',
  'money',
  'payments',
  'table-bill',
  'online-payments',
  'reviews',
  'service-requests',
  'floor',
  'dashboard',
  'order-changes',
  'kitchen',
  // A restaurant's data to take away: reads every module's rows, and the menu's CSV.
  'data-export',
] as const;

const MODULES = path.dirname(fileURLToPath(import.meta.url));

/** The specifiers of `import … from`, `export … from`, `import '…'` and `import('…')`, types included. */
function listImports(source: string): string[] {
  const pattern = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '');
}

/** Why `file` (relative to modules/) may not import `specifier`, or null when it may. */
export function explainViolation(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const [from] = file.split('/');
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (target.startsWith('..')) return null; // core/, db/, lib/, events/…: below every module
  const [to, ...rest] = target.split('/');
  if (!to || to === from || rest.length === 0) return null;
  const name = rest.join('/');
  if (/\.repository$/.test(name)) {
    return `module "${from}" reaches into module "${to}"'s repository (${name}); use what its services offer`;
  }
  const fromRank = MODULE_ORDER.indexOf(from as never);
  const toRank = MODULE_ORDER.indexOf(to as never);
  if (toRank >= fromRank) {
    return `module "${from}" imports module "${to}", which comes after it in MODULE_ORDER: modules depend one way`;
  }
  return null;
}

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('modules', () => {
  it('are all placed in MODULE_ORDER', () => {
    const folders = readdirSync(MODULES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !MODULE_ORDER.includes(name as never))).toEqual([]);
    expect(MODULE_ORDER.filter((name) => !folders.includes(name))).toEqual([]);
  });

  it('depend one way and never on another module’s repository', () => {
    const violations = listSourceFiles(MODULES).flatMap((full) => {
      const file = path.relative(MODULES, full).split(path.sep).join('/');
      return listImports(readFileSync(full, 'utf8')).flatMap((specifier) => {
        const why = explainViolation(file, specifier);
        return why ? [`${file}: imports '${specifier}' (${why})`] : [];
      });
    });
    expect(violations).toEqual([]);
  });

  it('catch what they are meant to catch', () => {
    expect(explainViolation('payments/payments.service.ts', '../orders/orders.repository')).toMatch(
      /repository/,
    );
    expect(explainViolation('orders/order-lifecycle.ts', '../money/order-money')).toMatch(/one way/);
    expect(explainViolation('money/order-money.ts', '../orders/orders.service')).toBeNull();
    expect(explainViolation('money/order-money.ts', './money.repository')).toBeNull();
    expect(explainViolation('money/order-money.ts', '../../db/rows')).toBeNull();
  });
});
