import { hash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { EMAIL_SOURCES, type EmailSource } from '#shared/leads/status.ts';
import { trimTrailingZeros } from '#shared/number-input.ts';
import { PUBLIC_ID_PATTERN, type PublicProposalResponse } from '#shared/schemas/public-proposal.ts';
import { pendingTablesFor } from '#shared/tax/table-sets.ts';
import { aCar } from '#shared/text/english.ts';
import { GEARBOXES } from '#shared/vocabulary.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { whoIsNotifiedAboutLead } from '#server/modules/leads/leads.api.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { addTimelineEntry } from '#server/modules/timeline/timeline.api.ts';
import * as repo from './proposals.repository.ts';

export const PROPOSAL_NOT_FOUND = 'Proposta não encontrada';
/** The same visitor reloading the page within this time is one view. */
export const VIEW_DEDUPE_MS = 30 * 60 * 1000;

/**
 * The customer's side of a proposal (part of the proposals service): the public page's content,
 * and its views, counted once per visitor and told to staff the first time.
 */
export function createPublicProposals(deps: {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notify'>;
  log?: Pick<FastifyBaseLogger, 'error'>;
  leadChanged: (leadId: number | null, byUserId: number | null) => void;
}) {
  const { db, clock, notifications, log, leadChanged } = deps;

  async function reportFirstView(
    view: { leadId: number | null; brand: string | null; model: string | null },
    now: Date,
  ): Promise<void> {
    const lead = view.leadId === null ? undefined : await repo.leadSummary(db, view.leadId);
    if (!lead) return;
    const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
    const car = aCar(view.brand, view.model);
    await addTimelineEntry(db, {
      leadId: lead.id,
      type: 'chat',
      // No title: the entry's label already says 'Proposal Viewed'.
      title: null,
      description: `${name} opened the proposal for ${car} for the first time.`,
      metadata: { event: 'proposal_viewed' },
      createdBy: null,
      createdAt: now,
    });
    try {
      await notifications.notify(
        {
          type: 'other',
          title: 'Proposal viewed',
          message: `${name} (#${lead.reference}) opened the proposal for ${car}`,
          relatedId: lead.id,
          relatedType: 'lead',
          createdBy: null,
          // Its owner when it has one, else everyone (ADR 065).
        },
        await whoIsNotifiedAboutLead(db, lead.id),
      );
    } catch (err) {
      log?.error({ err, leadId: lead.id }, 'could not notify staff of a proposal view');
    }
    leadChanged(lead.id, null);
  }

  /**
   * A customer opened the page. Staff are not counted, nor the same visitor again within 30
   * minutes, on any instance (proposal_view_visits). The first view tells every staff user and
   * writes a timeline entry on the lead.
   */
  async function recordView(publicId: string, visitor: { staff: boolean; key: string }): Promise<{ counted: boolean }> {
    if (visitor.staff || !PUBLIC_ID_PATTERN.test(publicId)) return { counted: false };
    const now = clock.now();
    const since = new Date(now.getTime() - VIEW_DEDUPE_MS);
    // Hashed so the table keeps no addresses in clear (tidiness, not anonymity: IPv4 is small).
    const visitorHash = hash('sha256', visitor.key, 'hex');
    const view = await db.transaction(async (tx) => {
      const proposalId = await repo.lockForView(tx, publicId);
      if (proposalId === undefined) throw notFound(PROPOSAL_NOT_FOUND);
      if (!(await repo.countVisit(tx, { proposalId, visitorHash }, now, since))) return null;
      // Expired visitors of this proposal go here, cheaply; a proposal never viewed again keeps its few rows.
      await repo.pruneVisits(tx, proposalId, since);
      return repo.recordView(tx, proposalId, now);
    });
    if (!view) return { counted: false };
    if (view.first && view.leadId !== null) await reportFirstView(view, now);
    return { counted: true };
  }

  /**
   * What the customer's proposal page shows. A proposal is unavailable
   * only when it does not exist (deleting the lead deletes its proposals).
   */
  async function getPublic(publicId: string): Promise<PublicProposalResponse> {
    if (!PUBLIC_ID_PATTERN.test(publicId)) throw notFound(PROPOSAL_NOT_FOUND);
    const row = await repo.findPublicProposal(db, publicId);
    if (!row) throw notFound(PROPOSAL_NOT_FOUND);
    const { proposal: stored, lead } = row;
    // The customer sees which tables are missing, never the tax inputs themselves (docs/tax-rules.md).
    const { taxDeclarationDate, vehicleGearbox, exchangeRate, ...shown } = stored;
    const proposal = {
      ...shown,
      vehicleGearbox: GEARBOXES.find((g) => g === vehicleGearbox) ?? null,
      // numeric(14,6) reads '0.234500': the customer sees the rate as staff typed it.
      exchangeRate: exchangeRate === null ? null : trimTrailingZeros(exchangeRate),
      taxTablesPending: taxDeclarationDate ? pendingTablesFor(taxDeclarationDate) : null,
    };
    if (!lead?.id) return { proposal };
    const emailSource: EmailSource = (EMAIL_SOURCES as readonly string[]).includes(lead.emailSource)
      ? (lead.emailSource as EmailSource)
      : 'geral';
    return {
      proposal,
      lead: {
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: lead.email,
        reference: lead.reference,
        emailSource,
      },
    };
  }

  /** The same, or null when there is none (server-rendered pages show their not-found state). */
  async function findPublic(publicId: string): Promise<PublicProposalResponse | null> {
    try {
      return await getPublic(publicId);
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  return { recordView, getPublic, findPublic };
}
