// Production build of the server: its own code and the contract (TypeScript source) bundled into
// apps/server/dist/server.js (the embedded database's worker thread into dist/pglite-worker.js, the
// backup's packer process into dist/backup-packer.js),
// so `npm start` runs plain JavaScript with no loader. Packages from
// node_modules stay external: pglite's wasm/data files, sharp and argon2's binaries load from there.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(repoRoot, 'apps/server');
const srcDir = path.join(serverDir, 'src');
// dist/ sits at the same depth as src/, so paths computed from import.meta.url (config.ts's repo
// root) resolve the same from the bundle; files read next to a module are copied below.
const distDir = path.join(serverDir, 'dist');

// Source files allowed to compute paths from import.meta.url, with what they need beside the bundle.
const locationAware = {
  'config.ts': [], // repo root: three levels up from src/ and from dist/ alike
  'db/client.ts': ['db/migrations'], // migrationsFolder = <module dir>/migrations
  'db/pglite-worker-client.ts': [], // pglite-worker.js beside the bundle: an entry point below
  'backups/backup-packer-client.ts': [], // backup-packer.js beside the bundle: an entry point below
};

const bundleWorkspacePackages = {
  name: 'bundle-workspace-packages',
  setup(build) {
    // Bare imports are node_modules packages (external), except our own workspace packages.
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tavolo/') ? undefined : { path: args.path, external: true },
    );
  },
};

await fs.rm(distDir, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: repoRoot, // metafile paths are relative to it
  // The embedded database's worker thread is a script of its own, beside server.js.
  entryPoints: {
    server: path.join(srcDir, 'server.ts'),
    'pglite-worker': path.join(srcDir, 'db/pglite-worker.ts'),
    // The backup's packer, a process of its own at a lower CPU priority.
    'backup-packer': path.join(srcDir, 'backups/backup-packer.ts'),
  },
  outdir: distDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [bundleWorkspacePackages],
});

// A new import.meta.url/__dirname path would silently point elsewhere from dist/: stop the build.
const unexpected = [];
for (const input of Object.keys(result.metafile.inputs)) {
  const file = path.resolve(repoRoot, input);
  const source = await fs.readFile(file, 'utf8');
  if (!/import\.meta\.(url|dirname|filename)|__dirname|__filename/.test(source)) continue;
  const relative = path.relative(srcDir, file).split(path.sep).join('/');
  if (!(relative in locationAware)) unexpected.push(path.relative(repoRoot, file));
}
if (unexpected.length > 0) {
  console.error(
    `These files compute paths from their own location, which changes once bundled into dist/:\n  ${unexpected.join('\n  ')}\nMake the path work from apps/server/dist/ and list the file in scripts/build-server.mjs.`,
  );
  process.exit(1);
}
for (const folder of Object.values(locationAware).flat()) {
  await fs.cp(path.join(srcDir, folder), path.join(distDir, path.basename(folder)), { recursive: true });
}

for (const file of ['server.js', 'pglite-worker.js', 'backup-packer.js']) {
  const size = (await fs.stat(path.join(distDir, file))).size;
  console.log(`built ${path.relative(repoRoot, distDir)}/${file} (${Math.round(size / 1024)} kB)`);
}
