/**
 * A lead's proposals live under its key ('/api/leads', id, 'proposals'), so the live lead events
 * that refresh an open lead refresh its proposals too (src/web/lib/realtime.ts).
 */
export const proposalsKey = (leadId: number) => ['/api/leads', leadId, 'proposals'] as const;
