import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

describe('data cache defaults (public site and data model, section 9)', () => {
  it('stale at once, no refetch on window focus, no polling, no retries, unused entries dropped after 5 minutes', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 0,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      gcTime: 5 * 60_000,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});
