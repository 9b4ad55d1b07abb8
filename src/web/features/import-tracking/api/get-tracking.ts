import { useEffect, useState } from 'react';
import { trackingResponseSchema, type TrackingResponse } from '#shared/schemas/import-tracking.ts';

/** GET /api/public/tracking/{publicId}; null when there is no such import (or the call failed). */
export async function getTracking(publicId: string, fetchImpl: typeof fetch = fetch): Promise<TrackingResponse | null> {
  try {
    const res = await fetchImpl(`/api/public/tracking/${encodeURIComponent(publicId)}`, { credentials: 'omit' });
    if (!res.ok) return null;
    const parsed = trackingResponseSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type TrackingState = { status: 'loading' } | { status: 'missing' } | { status: 'shown'; data: TrackingResponse };

/** Loading, then the import's progress or not found. */
export function useTracking(publicId: string): TrackingState {
  const [state, setState] = useState<TrackingState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void getTracking(publicId).then((data) => {
      if (live) setState(data ? { status: 'shown', data } : { status: 'missing' });
    });
    return () => {
      live = false;
    };
  }, [publicId]);
  return state;
}
