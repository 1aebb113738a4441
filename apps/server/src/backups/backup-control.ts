// How `npm run backup` asks the server that has the embedded database open for a backup
// (decision 043): a Unix socket in `<data dir>/run/`, a directory only its owner may enter (0700),
// so only the user the server runs as (and root) can ask; nothing listens on the network. The
// server also writes its pid there, so a command that finds no socket still knows when a server
// holds the database (two processes must never open it at once).
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { BackupMade } from './backup-files';
import { BackupError } from './backup-files';

/** Longer socket paths do not fit in sockaddr_un (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;
/** One request line; a path is far shorter. */
const MAX_REQUEST_BYTES = 16 * 1024;

export function controlPathsOf(dataDir: string): { dir: string; socket: string; pid: string } {
  const dir = path.join(dataDir, 'run');
  return { dir, socket: path.join(dir, 'backup.sock'), pid: path.join(dir, 'server.pid') };
}

const ZControlRequest = z.object({ op: z.literal('backup'), out: z.string().min(1).optional() });

/** What the server answers: the backup made, or why not. */
export type ControlReply =
  | { ok: true; file: string; at: string; bytes: number; sha256: string; heldMs: number; ms: number }
  | { ok: false; message: string };

type Log = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

/**
 * Listens for backup requests on the data directory's socket while the server runs; answers a
 * function that stops listening and removes the socket and the pid file.
 */
export async function openBackupControl(options: {
  dataDir: string;
  backUp: (out: string | undefined) => Promise<BackupMade>;
  log: Log;
}): Promise<() => Promise<void>> {
  const paths = controlPathsOf(options.dataDir);
  await fs.mkdir(paths.dir, { recursive: true, mode: 0o700 });
  await fs.chmod(paths.dir, 0o700);
  await fs.writeFile(paths.pid, `${process.pid}\n`, { mode: 0o600 });
  const removePid = async () => {
    // Another server may have started on this directory since (after this one was killed): its file stays.
    const pid = await fs.readFile(paths.pid, 'utf8').catch(() => '');
    if (Number(pid) === process.pid) await fs.rm(paths.pid, { force: true });
  };
  if (paths.socket.length > MAX_SOCKET_PATH) {
    options.log.warn(
      { socket: paths.socket },
      'backups on demand are off: the data directory path is too long for a socket; `npm run backup` will refuse while the server runs',
    );
    return removePid;
  }
  // Left by a server that was killed: this process is now the one with the database open.
  await fs.rm(paths.socket, { force: true });
  const connections = new Set<net.Socket>();
  const server = net.createServer((connection) => {
    connections.add(connection);
    connection.once('close', () => connections.delete(connection));
    let received = '';
    connection.setEncoding('utf8');
    connection.on('error', () => {});
    connection.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) connection.destroy();
      const newline = received.indexOf('\n');
      if (newline < 0) return;
      connection.removeAllListeners('data');
      void answer(received.slice(0, newline)).then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
    });
  });
  const answer = async (line: string): Promise<ControlReply> => {
    let request: z.infer<typeof ZControlRequest>;
    try {
      request = ZControlRequest.parse(JSON.parse(line));
    } catch {
      return { ok: false, message: 'not a backup request' };
    }
    if (request.out !== undefined && !path.isAbsolute(request.out))
      return { ok: false, message: 'out must be an absolute path' };
    try {
      const made = await options.backUp(request.out);
      return {
        ok: true,
        file: made.file,
        at: made.at.toISOString(),
        bytes: made.bytes,
        sha256: made.sha256,
        heldMs: made.heldMs,
        ms: made.ms,
      };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(paths.socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await fs.chmod(paths.socket, 0o600);
  return async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A backup still being made for a command is abandoned with the server: the command hears so.
    for (const connection of connections) connection.destroy();
    await closed;
    await fs.rm(paths.socket, { force: true });
    await removePid();
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server that wrote its pid file in `dataDir`, else null. */
export async function findServerPid(dataDir: string): Promise<number | null> {
  const text = await fs.readFile(controlPathsOf(dataDir).pid, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
}

/** Sends one request over the socket; null when no server listens there. */
async function sendRequest(
  socket: string,
  request: z.infer<typeof ZControlRequest>,
): Promise<ControlReply | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(socket);
    let received = '';
    let connected = false;
    connection.setEncoding('utf8');
    connection.on('connect', () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => {
      try {
        resolve(JSON.parse(received) as ControlReply);
      } catch {
        reject(new BackupError('the server closed the connection without answering'));
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(new BackupError(`asking the server for a backup failed: ${error.message}`));
    });
  });
}

/**
 * Asks the server that has `dataDir`'s database open for a backup to `out` (its backup directory
 * when undefined). Answers null when no server has it open, so the caller may open it itself;
 * throws when one runs but cannot be asked.
 */
export async function askServerForBackup(
  dataDir: string,
  out: string | undefined,
): Promise<ControlReply | null> {
  const paths = controlPathsOf(dataDir);
  const reply = await sendRequest(paths.socket, { op: 'backup', out });
  if (reply) return reply;
  const pid = await findServerPid(dataDir);
  if (pid !== null)
    throw new BackupError(
      `a Tavolo server (pid ${pid}) has the embedded database in ${dataDir} open but does not answer on ${paths.socket}; if no server runs, delete ${paths.pid}`,
    );
  return null;
}

/** Whether a server has `dataDir`'s database open (its socket answers, or its pid file names a live process). */
export async function isServerRunning(dataDir: string): Promise<boolean> {
  const socket = controlPathsOf(dataDir).socket;
  const listening = await new Promise<boolean>((resolve) => {
    const connection = net.connect(socket);
    connection.on('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.on('error', () => resolve(false));
  });
  return listening || (await findServerPid(dataDir)) !== null;
}
