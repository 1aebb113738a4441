import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The server's layers (docs/decisions/010): modules/ build on http/, core/ and events/, never the
 * other way. core/ is what services may import and knows no HTTP; http/ declares and guards routes
 * for any module; events/ logs and streams the contract's events for any module. app.ts, at the
 * top, wires them together. (Which module may import which is another rule.)
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

type Layer = 'core' | 'http' | 'events' | 'modules' | 'other';

/** Which layer a path (relative to src, with forward slashes) belongs to. */
function findLayer(relativePath: string): Layer {
  const [top] = relativePath.split('/');
  return top === 'core' || top === 'http' || top === 'events' || top === 'modules' ? top : 'other';
}

/** What each layer must not import. */
const FORBIDDEN: Record<Layer, readonly Layer[]> = {
  core: ['http', 'modules'],
  http: ['modules'],
  events: ['modules'],
  modules: [],
  other: [],
};

/** The specifiers of `import … from`, `export … from`, `import '…'` and `import('…')`, types too. */
function listImports(source: string): string[] {
  const pattern = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '');
}

/** The broken rules of one file, as "file: imports 'specifier' (why)". */
function findViolations(relativeFile: string, source: string): string[] {
  const layer = findLayer(relativeFile);
  const violations: string[] = [];
  for (const specifier of listImports(source)) {
    if (!specifier.startsWith('.')) continue; // packages (@tavolo/contract, fastify, …)
    const target = findLayer(
      path.posix.normalize(path.posix.join(path.posix.dirname(relativeFile), specifier)),
    );
    if (FORBIDDEN[layer].includes(target))
      violations.push(`${relativeFile}: imports '${specifier}' (${layer}/ must not import ${target}/)`);
  }
  return violations;
}

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('server layer rules', () => {
  it('keeps http/, core/ and events/ free of modules/, and core/ free of http/', () => {
    const files = listSourceFiles(SRC).map((file) => path.relative(SRC, file).split(path.sep).join('/'));
    for (const layer of ['core', 'http', 'events'] as const) {
      expect(files.some((file) => findLayer(file) === layer)).toBe(true);
    }
    const violations = files.flatMap((file) =>
      findViolations(file, readFileSync(path.join(SRC, file), 'utf8')),
    );
    expect(violations).toEqual([]);
  });

  it('catches each kind of violation, however the import is written', () => {
    expect(
      findViolations('http/route.ts', "import type { A } from '../modules/menu/menu.service';"),
    ).toHaveLength(1);
    expect(
      findViolations(
        'core/context.ts',
        "import {\n  a,\n} from '../http/route';\nexport { b } from '../modules/orders/order-intake';",
      ),
    ).toHaveLength(2);
    expect(
      findViolations('events/sse.ts', "const m = import('../modules/tables/tables.repository');"),
    ).toHaveLength(1);
    expect(
      findViolations(
        'http/route.ts',
        "import { notFound } from '../core/app-error';\nimport type { Db } from '../db/client';\nimport { z } from 'zod';",
      ),
    ).toEqual([]);
    expect(findViolations('core/idempotency.ts', "import { x } from '../events/event-publisher';")).toEqual(
      [],
    );
    expect(
      findViolations('modules/menu/menu.routes.ts', "import { route } from '../../http/route';"),
    ).toEqual([]);
    expect(
      findViolations('app.ts', "import { registerMenuRoutes } from './modules/menu/menu.routes';"),
    ).toEqual([]);
  });
});
