/**
 * Lead vocabularies of the quote form's leads (DECISIONS 6, 7). Statuses and mailboxes are in
 * src/shared/leads/status.ts.
 */

/** How a lead arrived: the site's quote form, a mailbox, or typed in by staff. */
export const LEAD_ORIGINS = ['form', 'email', 'manual'] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];

/** Make and model of a lead whose wishes do not name them (a listing link without them in its path). */
export const NOT_SPECIFIED = 'Not specified';
