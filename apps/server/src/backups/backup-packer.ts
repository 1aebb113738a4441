// The backup's packer process (decision 043): the server starts it at a lower CPU priority for
// the two heavy steps of an embedded database's backup (backup-packing.ts) and hears its result
// over IPC. It stops if the server goes away.

import { type PackerResult, type PackerTask, readPackerTask } from './backup-packer-protocol';
import { copyDataFiles, packBackup } from './backup-packing';

process.on('disconnect', () => process.exit(1));

async function run(task: PackerTask): Promise<PackerResult> {
  if (task.kind === 'copy') return { kind: 'copy', bytes: await copyDataFiles(task.from, task.into) };
  return { kind: 'pack', ...(await packBackup(task.staging, task.entries, task.out)) };
}

process.once('message', (message) => {
  const task = readPackerTask(message);
  const reply = task
    ? run(task).then(
        (result) => ({ result }),
        (error: Error) => ({ error: error.message }),
      )
    : Promise.resolve({ error: 'the backup packer was sent no task it knows' });
  void reply.then((answer) => process.send!(answer, () => process.disconnect()));
});
