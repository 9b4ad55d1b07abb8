import { PROPOSAL_DEFAULTS, proposalFromListing } from '#shared/proposals/draft.ts';
import {
  proposalEditorPath,
  type ExtensionCaptureResponse,
  type ExtensionLead,
  type ExtensionMe,
  type ExtensionNewLead,
} from '#shared/schemas/extension.ts';
import type { Lead, LeadListQuery, LeadListResponse, ManualLead } from '#shared/schemas/leads.ts';
import type { ProposalInputParsed, ProposalWriteResponse, ScrapeResponse } from '#shared/schemas/proposals.ts';
import type { UserRow } from '#server/modules/users/users.api.ts';

/** The lead picker shows this many matches. */
export const EXTENSION_LEADS_LIMIT = 10;

const displayName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'username'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** The other modules' services, as much of them as this module uses (built in app.ts). */
interface ExtensionDeps {
  scraper: { scrape(input: { url: string; html?: string }): Promise<ScrapeResponse> };
  proposals: {
    create(leadId: number, input: ProposalInputParsed, user: { id: number }): Promise<ProposalWriteResponse>;
  };
  leads: {
    createByStaff(input: ManualLead, user: UserRow): Promise<Lead>;
    get(id: number, userId: number): Promise<Lead>;
  };
  leadsList: { list(userId: number, query: LeadListQuery): Promise<LeadListResponse> };
}

/**
 * What the browser extension does in the back office (ADR 032): who the token belongs to, the lead
 * picker, and 'Send to back office', which builds a proposal from the page's HTML with the same
 * parsers and photo import as the listing-URL path.
 */
export function createExtensionService(deps: ExtensionDeps) {
  const { scraper, proposals, leads, leadsList } = deps;
  return {
    me(user: UserRow): ExtensionMe {
      // The back office's defaults for a new proposal (the editor starts from the same ones).
      return { user: { id: user.id, name: displayName(user) }, defaults: { ...PROPOSAL_DEFAULTS } };
    },

    async leads(user: UserRow, q: string | undefined): Promise<ExtensionLead[]> {
      const page = await leadsList.list(user.id, { search: q || undefined, limit: EXTENSION_LEADS_LIMIT });
      return page.items.map((l) => ({
        id: l.id,
        reference: l.reference,
        name: [l.firstName, l.lastName].filter(Boolean).join(' '),
        email: l.email,
        vehicle: [l.vehicleMake, l.vehicleModel].filter(Boolean).join(' '),
        status: l.status,
      }));
    },

    async capture(
      user: UserRow,
      input: { url: string; html: string; leadId?: number; newLead?: ExtensionNewLead },
    ): Promise<ExtensionCaptureResponse> {
      // Parsed first: a page that is not a listing (or a block page) creates nothing, not even the lead.
      const scraped = await scraper.scrape({ url: input.url, html: input.html });
      const draft = proposalFromListing(scraped.carData, scraped.imageUrls, scraped.sourceUrl);
      let leadId = input.leadId;
      if (leadId === undefined) {
        const n = input.newLead!;
        const lead = await leads.createByStaff(
          {
            firstName: n.firstName,
            lastName: n.lastName ?? null,
            email: n.email ?? null,
            phone: n.phone ?? null,
            vehicleMake: scraped.carData.brand ?? 'Unknown',
            vehicleModel: scraped.carData.model ?? 'Unknown',
            vehicleLink: scraped.sourceUrl,
            emailSource: 'geral',
          },
          user,
        );
        leadId = lead.id;
      }
      const { proposal, failedImages } = await proposals.create(leadId, draft, user);
      const lead = await leads.get(leadId, user.id);
      return {
        leadId,
        leadReference: lead.reference,
        proposalId: proposal.id,
        editorPath: proposalEditorPath(leadId, proposal.id),
        photos: proposal.imageUrls.length,
        failedPhotos: failedImages.length,
      };
    },
  };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
