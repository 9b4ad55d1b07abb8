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
