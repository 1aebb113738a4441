import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './api-client';

/** How long a query's data counts as fresh, unless the query says otherwise. */
export const DEFAULT_STALE_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        // Unused data stays cached for 60 s (PRODUCT §8), as in the original client.
        gcTime: 60_000,
        // A 4xx will answer the same again; network trouble and 5xx get two more tries.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof HttpError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
