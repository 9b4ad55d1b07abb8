import { PROPOSAL_DEFAULTS, proposalFromListing } from '#shared/proposals/draft.ts';
import {
  proposalEditorPath,
  type ExtensionCaptureResponse,
  type ExtensionLead,
  type ExtensionMe,
  type ExtensionNewLead,
} from '#shared/schemas/extension.ts';
import type { Lead, LeadListQuery, LeadListResponse } from '#shared/schemas/leads.ts';
import type { ManualLead } from '#shared/schemas/lead-writes.ts';
import type { ProposalInputParsed, ProposalWriteResponse, ScrapeResponse } from '#shared/schemas/proposals.ts';
import type { UserRow } from '#server/modules/users/users.api.ts';
import type { ExchangeRatesResponse } from '#shared/schemas/exchange-rates.ts';
import { isForeignCurrency } from '#shared/proposals/currency.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { AppError } from '#server/lib/app-error.ts';

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
    createByStaff(input: ManualLead, user: UserRow, origin?: 'manual' | 'extension'): Promise<Lead>;
    get(id: number, userId: number): Promise<Lead>;
  };
  leadsList: { list(userId: number, query: LeadListQuery): Promise<LeadListResponse> };
  rates: { list(): Promise<ExchangeRatesResponse> };
  clock: { now(): Date };
}

/**
 * What the browser extension does in the back office (ADR 032): who the token belongs to, the lead
 * picker, and 'Send to back office', which builds a proposal from the page's HTML with the same
 * parsers and photo import as the listing-URL path.
 */
export function createExtensionService(deps: ExtensionDeps) {
  const { scraper, proposals, leads, leadsList, rates, clock } = deps;

  /**
   * A listing in another currency gets the rate the panel showed, else the admin's table rate
   * (ADR 055); without either nothing is created, and the message says where the rate comes from.
   */
  async function priced(draft: ProposalInputParsed, input: { exchangeRate?: string; exchangeRateDate?: string }) {
    const currency = draft.listedCurrency;
    if (!isForeignCurrency(currency)) return draft;
    if (input.exchangeRate)
      return {
        ...draft,
        exchangeRate: input.exchangeRate,
        exchangeRateDate: input.exchangeRateDate ?? todayInLisbon(clock.now()),
      };
    const known = (await rates.list()).rates.find((r) => r.currency === currency);
    if (!known)
      throw new AppError(
        'VALIDATION',
        `This listing is priced in ${currency} and there is no ${currency} rate: type it in the panel, or ask an admin to add it in Settings > Exchange rates`,
        { exchangeRate: `Enter the exchange rate: euros per ${currency}` },
      );
    return { ...draft, exchangeRate: known.eurPerUnit, exchangeRateDate: known.rateDate };
  }

  return {
    async me(user: UserRow): Promise<ExtensionMe> {
      // The back office's defaults for a new proposal and its rate table (the editor starts from the same ones).
      return {
        user: { id: user.id, name: displayName(user) },
        defaults: { ...PROPOSAL_DEFAULTS },
        exchangeRates: (await rates.list()).rates,
      };
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
      input: {
        url: string;
        html: string;
        leadId?: number;
        newLead?: ExtensionNewLead;
        exchangeRate?: string;
        exchangeRateDate?: string;
      },
    ): Promise<ExtensionCaptureResponse> {
      // Parsed first: a page that is not a listing (or a block page) creates nothing, not even the lead.
      const scraped = await scraper.scrape({ url: input.url, html: input.html });
      const draft = await priced(proposalFromListing(scraped.carData, scraped.imageUrls, scraped.sourceUrl), input);
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
          'extension',
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
