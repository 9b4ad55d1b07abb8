import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '#web/hooks/use-toast.ts';
import { getQueryFn, isUnauthorized } from './api-client.ts';

/** Session loss: the 'Unauthorized' toast, then /api/login after this delay. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

let redirecting = false;
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => {
    redirecting = false;
    window.location.href = '/api/login';
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** A query or mutation can opt out (the login call and the current-user query handle 401 themselves). */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { skipUnauthorizedRedirect?: boolean };
    mutationMeta: { skipUnauthorizedRedirect?: boolean };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && !query.meta?.skipUnauthorizedRedirect) handleUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.skipUnauthorizedRedirect) handleUnauthorized();
      },
    }),
    defaultOptions: {
      // Stale at once, no refetch on focus, no polling, no retries, 5 min cache.
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}
