// After `vite build`: writes .br and .gz next to each text asset, so the server sends them
// compressed at the highest levels without spending CPU per request (@fastify/static preCompressed).
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(dist)) {
  const bytes = await fs.readFile(file);
  if (bytes.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  await fs.writeFile(`${file}.br`, brotli);
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dist)}`);
