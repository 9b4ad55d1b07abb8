/**
 * A lead's timeline sits under the lead's key (['/api/leads', id, 'timeline']): live lead events,
 * which invalidate the '/api/leads' prefix, refresh it with the lead.
 */
export const timelineKey = (leadId: number) => ['/api/leads', leadId, 'timeline'] as const;
/** After a timeline change: the lead (lastInteractionAt), its timeline and the lists ordered by it. */
export const AFTER_TIMELINE_CHANGE = ['/api/leads'] as const;
