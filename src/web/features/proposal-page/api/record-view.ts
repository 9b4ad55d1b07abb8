import { useEffect } from 'react';

/**
 * POST /api/proposals/public/{publicId}/view once the customer sees the proposal. Link previews and
 * crawlers do not run script, so they are not counted; the server leaves staff out. Failures are
 * ignored: the customer's page never depends on it.
 */
export async function recordView(publicId: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    await fetchImpl(`/api/proposals/public/${encodeURIComponent(publicId)}/view`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
    });
  } catch {
    /* not counted: nothing the customer should see */
  }
}

export function useRecordView(publicId: string, shown: boolean): void {
  useEffect(() => {
    if (shown) void recordView(publicId);
  }, [publicId, shown]);
}
