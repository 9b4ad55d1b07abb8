/**
 * Query keys of one lead. Every key starts with '/api/leads', so invalidating that prefix (what
 * the live lead events do, src/web/lib/realtime.ts) refreshes the list, an open lead and its timeline.
 */
export const LEADS_KEY = ['/api/leads'] as const;
export const leadKey = (id: number) => ['/api/leads', id] as const;
