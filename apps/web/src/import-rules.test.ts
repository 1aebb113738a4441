import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Code flows one way on the web: lib ← components/ui ← components/shared ← features ← app.
 * Features do not import each other; what two of them share moves down: helpers and API calls to
 * lib/, building blocks to components/ui/, a piece of a screen (the refund dialog) to
 * components/shared/. A feature's model/ holds its pure logic.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Lowest first: a file imports from its own layer and those below it, never from one above. */
const LAYERS = ['lib', 'components/ui', 'components/shared', 'features', 'app'] as const;

/** A layer, and for features which one; null for the rest (main.tsx, testing/, …). */
type Area = { layer: (typeof LAYERS)[number]; feature?: string } | null;

/** Which layer a path (relative to src, with forward slashes) belongs to. */
function findArea(relativePath: string): Area {
  const [top, second] = relativePath.split('/');
  if (top === 'lib') return { layer: 'lib' };
  if (top === 'components') return { layer: second === 'ui' ? 'components/ui' : 'components/shared' };
  if (top === 'features' && second) return { layer: 'features', feature: second };
  if (top === 'app') return { layer: 'app' };
  return null;
}

/** The specifiers of `import … from`, `export … from`, `import '…'` and `import('…')`. */
function listImports(source: string): string[] {
  const pattern = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '');
}

/** Why importing `target` from `file` breaks the one-way rule, or null when it does not. */
function explainViolation(file: Area, target: Area): string | null {
  if (!file || !target) return null;
  if (LAYERS.indexOf(target.layer) > LAYERS.indexOf(file.layer))
    return `${file.layer} must not import ${target.layer}, a layer above it`;
  if (file.layer === 'features' && target.layer === 'features' && target.feature !== file.feature)
    return `feature "${file.feature}" must not import feature "${target.feature}"`;
  return null;
}

/** The broken rules of one file, as "file: imports 'specifier' (why)". */
function findViolations(relativeFile: string, source: string): string[] {
  const fileArea = findArea(relativeFile);
  const violations: string[] = [];
  for (const specifier of listImports(source)) {
    if (!specifier.startsWith('.')) continue; // packages (@tavolo/contract, react, …)
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(relativeFile), specifier));
    const why = explainViolation(fileArea, findArea(target));
    if (why) violations.push(`${relativeFile}: imports '${specifier}' (${why})`);
  }
  return violations;
}

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const CONTRACT = path.resolve(SRC, '../../../packages/contract/src');

/** The file a relative or @tavolo/contract specifier names; null for a package. */
function resolveSpecifier(fromFile: string, specifier: string): string | null {
  const base = specifier.startsWith('@tavolo/contract/')
    ? path.join(CONTRACT, specifier.slice('@tavolo/contract/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(fromFile), specifier)
      : null;
  if (!base) return null;
  return (
    ['.ts', '.tsx', ''].map((ext) => base + ext).find((file) => /\.tsx?$/.test(file) && existsSync(file)) ??
    null
  );
}

/** The run-time imports of a file, as written: neither `import type` nor `import()` (loaded later). */
function listStaticImports(source: string): string[] {
  const pattern =
    /^\s*(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  return [...source.matchAll(pattern)].flatMap((match) => {
    if (match[4]) return [match[4]];
    const [, typeOnly, names = '', specifier = ''] = match;
    if (typeOnly) return [];
    const named = /^\{([^}]*)\}$/.exec(names.trim());
    const allTypes = named?.[1]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .every((name) => name.startsWith('type '));
    return allTypes ? [] : [specifier];
  });
}

/** Every package the file loads with it (following its static imports), each with who imports it. */
function findPackagesLoadedWith(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [path.join(SRC, entry)];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of listStaticImports(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, specifier);
      if (target) queue.push(target);
      else if (!specifier.startsWith('.') && !packages.has(specifier))
        packages.set(specifier, path.relative(SRC, file));
    }
  }
  return packages;
}

/**
 * The circles among files' imports, each as "a → b → a" starting from its first file by name; one
 * per import that closes a circle, which is enough to name every file caught in one.
 */
function findCycles(imports: ReadonlyMap<string, readonly string[]>): string[] {
  const cycles = new Set<string>();
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string) => {
    const at = trail.indexOf(file);
    if (at !== -1) {
      const cycle = trail.slice(at);
      const first = cycle.indexOf([...cycle].sort()[0] ?? file);
      const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
      cycles.add([...rotated, rotated[0]].join(' → '));
      return;
    }
    if (done.has(file)) return;
    trail.push(file);
    for (const target of imports.get(file) ?? []) visit(target);
    trail.pop();
    done.add(file);
  };
  for (const file of [...imports.keys()].sort()) visit(file);
  return [...cycles];
}

/** Each contract file (tests aside) with the contract files it imports, types included. */
function listContractImports(): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of listSourceFiles(CONTRACT).filter((name) => !name.includes('.test.'))) {
    const targets = listImports(readFileSync(file, 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== null);
    const name = (full: string) => path.relative(CONTRACT, full).split(path.sep).join('/');
    imports.set(name(file), targets.map(name));
  }
  return imports;
}

describe('web import rules', () => {
  it('keeps zod, the schemas and react-hook-form out of the first pages (guest menu, sign-in, Overview)', () => {
    // Form schemas load with the screens that use them; these pages read answers and storage by hand.
    const firstPages = [
      'main.tsx',
      'guest-main.tsx',
      'features/guest/routes/guest-menu-screen.tsx',
      'features/auth/routes/login-screen.tsx',
      'app/layout/dashboard-layout.tsx',
      'features/overview/routes/overview-screen.tsx',
    ];
    const offenders = firstPages.flatMap((entry) =>
      [...findPackagesLoadedWith(entry)]
        .filter(([name]) => /^(zod|react-hook-form|@hookform\/)/.test(name))
        .map(([name, importer]) => `${entry} loads ${name} (imported by ${importer})`),
    );
    expect(offenders).toEqual([]);
  });

  it("uses React Router's declarative router only: its data router is half its bytes", () => {
    const dataRouterApi =
      /\b(createBrowserRouter|RouterProvider|useMatches|useRouteError|isRouteErrorResponse|useLoaderData|useNavigation|useFetcher|errorElement)\b/;
    const offenders = listSourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => !file.includes('.test.') && !file.startsWith('testing/'))
      .filter((file) =>
        dataRouterApi.test(
          readFileSync(path.join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('finds a package however deep the import, and leaves out types and lazy imports', () => {
    expect(findPackagesLoadedWith('features/menu/model/menu-item-form-schema.ts').has('zod')).toBe(true);
    expect(listStaticImports("import type { z } from 'zod';\nimport { type A, type B } from 'x';")).toEqual(
      [],
    );
    expect(listStaticImports("const m = import('zod');\nimport { a, type B } from 'y';")).toEqual(['y']);
  });

  it('keeps imports one way: lib ← components/ui ← components/shared ← features ← app, no feature importing another', () => {
    const files = listSourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((file) => {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      return findViolations(relative, readFileSync(file, 'utf8'));
    });
    expect(violations).toEqual([]);
  });

  it('has no import circles (lazy imports count, tests aside): a module never needs what loads it', () => {
    const imports = new Map(
      listSourceFiles(SRC)
        .filter((file) => !file.includes('.test.'))
        .map((file) => [
          path.relative(SRC, file).split(path.sep).join('/'),
          listImports(readFileSync(file, 'utf8'))
            .filter((specifier) => specifier.startsWith('.'))
            .map((specifier) => resolveSpecifier(file, specifier))
            .filter((target): target is string => target?.startsWith(SRC) ?? false)
            .map((target) => path.relative(SRC, target).split(path.sep).join('/')),
        ]),
    );
    expect(findCycles(imports)).toEqual([]);
  });

  it('keeps model/ pure: no React and none of its feature’s components, so it reads and tests on its own', () => {
    const offenders = listSourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => file.includes('/model/') && !file.includes('.test.'))
      .flatMap((file) =>
        listImports(readFileSync(path.join(SRC, file), 'utf8'))
          .filter((specifier) => specifier === 'react' || specifier.startsWith('../components/'))
          .map((specifier) => `${file}: imports '${specifier}'`),
      );
    expect(offenders).toEqual([]);
  });

  it('catches each kind of violation, however the import is written', () => {
    expect(findViolations('lib/format.ts', "import { x } from '../features/menu/model/a';")).toHaveLength(1);
    expect(findViolations('components/ui/button.tsx', "export { y } from '../../app/router';")).toHaveLength(
      1,
    );
    expect(
      findViolations(
        'features/menu/components/a.tsx',
        "import {\n  a,\n  b,\n} from '../../tables/model/table-qr';\nconst c = import('../../../app/x');",
      ),
    ).toHaveLength(2);
    expect(
      findViolations(
        'features/menu/routes/a.tsx',
        "import '../components/b';\nimport { c } from '../../../lib/cn';\nimport { z } from 'zod';",
      ),
    ).toEqual([]);
    expect(
      findViolations('app/router.tsx', "const m = import('../features/menu/routes/menu-screen');"),
    ).toEqual([]);
    // lib/ holds no components: a dialog there importing components/ui/ runs back up.
    expect(
      findViolations('lib/refund-dialog.tsx', "import { Button } from '../components/ui/button';"),
    ).toEqual([
      "lib/refund-dialog.tsx: imports '../components/ui/button' (lib must not import components/ui, a layer above it)",
    ]);
    expect(findViolations('components/ui/a.tsx', "import { b } from '../shared/b';")).toHaveLength(1);
    expect(
      findViolations('components/shared/a.tsx', "import { b } from '../../features/orders/b';"),
    ).toHaveLength(1);
    expect(
      findViolations(
        'components/shared/a.tsx',
        "import { b } from '../ui/button';\nimport { c } from '../../lib/cn';\nimport { d } from './d';",
      ),
    ).toEqual([]);
  });
});

describe('contract import rules', () => {
  it('has no circles: X.ts, its constants in values/X.ts, its routes in client/X.ts, one way', () => {
    const imports = listContractImports();
    expect(imports.size).toBeGreaterThan(30);
    expect(findCycles(imports)).toEqual([]);
  });

  it('keeps client/ on top: no other contract file imports it', () => {
    const offenders = [...listContractImports()].flatMap(([file, targets]) =>
      file.startsWith('client/')
        ? []
        : targets.filter((target) => target.startsWith('client/')).map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps values/ and client/ free of zod, for the pages that read them', () => {
    const offenders = [...listContractImports().keys()]
      .filter((file) => file.startsWith('values/') || file.startsWith('client/'))
      .flatMap((file) =>
        [...findPackagesLoadedWith(path.relative(SRC, path.join(CONTRACT, file)))]
          .filter(([name]) => name === 'zod' || name.startsWith('zod/'))
          .map(([, importer]) => `${file} loads zod (imported by ${importer})`),
      );
    expect(offenders).toEqual([]);
  });

  it('finds a circle however long, and only circles', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(
      findCycles(graph({ 'orders.ts': ['client/orders.ts'], 'client/orders.ts': ['orders.ts'] })),
    ).toEqual(['client/orders.ts → orders.ts → client/orders.ts']);
    expect(findCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual(['a → b → c → a']);
    expect(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });
});
