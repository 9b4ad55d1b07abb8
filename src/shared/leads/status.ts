/** The seven lead statuses, one set on every screen, in the order the dropdowns list them. */
export const LEAD_STATUSES = [
  'requested',
  'quoted',
  'clarifying',
  'waiting',
  'contacted',
  'rejected',
  'converted',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  clarifying: 'Waiting for Lead',
  waiting: 'Waiting for Us',
  contacted: 'Contacted',
  rejected: 'Rejected',
  converted: 'Converted',
};

export const EMAIL_SOURCES = ['geral', 'comercial'] as const;
export type EmailSource = (typeof EMAIL_SOURCES)[number];

/**
 * A lead with no quoted amount in one of these statuses has not been quoted yet: a new proposal
 * makes it Quoted, with the proposal's total as the quoted amount (docs/decisions/020-day-one-fixes.md).
 * Quoted, rejected and converted leads are left as they are.
 */
export const NOT_YET_QUOTED_STATUSES = [
  'requested',
  'clarifying',
  'waiting',
  'contacted',
] as const satisfies readonly LeadStatus[];
