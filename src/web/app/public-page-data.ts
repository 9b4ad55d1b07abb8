import type { PublicProposalResponse } from '#shared/schemas/public-proposal.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';

/**
 * What the server read to render a public page, handed to the browser in a JSON data block (not
 * a script: the CSP allows none inline) so the page starts from the same data without asking again.
 */
export interface PublicPageData {
  settings: PublicSettings | null;
  /** The server's year: the quote form's year field (1990 to this year) renders the same on both sides. */
  currentYear: number;
  /** The server's date in Lisbon (YYYY-MM-DD): the ISV simulator's declaration date renders the same on both sides. */
  today?: string;
  /** Proposal pages: the proposal, or null when there is none. Absent: the page loads it itself. */
  proposal?: PublicProposalResponse | null;
  /** /legacy/proposals: where the older site shows this proposal (ADR 009); null: shown here. */
  legacyTarget?: string | null;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** JSON safe inside <script type="application/json">: no '<' can close the element. */
export function serializePageData(data: PublicPageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readPageData(doc: Document = document): PublicPageData | null {
  const el = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as PublicPageData;
  } catch {
    return null;
  }
}
