// Writes the API document the server serves (generated from the contract) and lints it: zero errors.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('.tmp/openapi.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
const write = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `import { apiDocument } from './apps/server/src/api-document.ts';
     import fs from 'node:fs';
     fs.writeFileSync(${JSON.stringify(out)}, JSON.stringify(apiDocument(), null, 2));`,
  ],
  { stdio: 'inherit' },
);
if (write.status !== 0) process.exit(write.status ?? 1);
const lint = spawnSync('npx', ['redocly', 'lint', out, '--config', 'redocly.yaml'], { stdio: 'inherit' });
process.exit(lint.status ?? 1);
