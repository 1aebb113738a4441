import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Loading } from '../components/ui/spinner';

/** A screen's code did not arrive: typically a new release replaced the old chunks. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

// The original client gave up on a chunk after 120 s; without a limit a stalled load hangs forever.
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Loading the screen timed out.')), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Browsers word a failed dynamic import differently; Vite adds its own for CSS preloads. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|importing a module script failed|unable to preload css|loading chunk/i.test(
    message,
  );
}

/**
 * A route element whose code loads on demand, behind its own "Loading..." boundary: each route
 * mounts a fresh boundary, so the fallback shows even inside the router's transitions.
 */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  { fullScreen = false } = {},
): ReactElement {
  const Screen = lazy(() =>
    withTimeout(load()).then((module): { default: ComponentType } => ({ default: module[name] })),
  );
  return (
    <Suspense fallback={<Loading fullScreen={fullScreen} />}>
      <Screen />
    </Suspense>
  );
}
