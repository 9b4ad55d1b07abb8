import { hash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { EMAIL_SOURCES, type EmailSource } from '#shared/leads/status.ts';
import { computeProposalCosts, firstRegistrationDate } from '#shared/proposals/costs.ts';
import {
  PUBLIC_ID_PATTERN,
  type Proposal,
  type ProposalInputParsed,
  type ProposalWriteResponse,
  type UploadedPhoto,
  type PublicProposalResponse,
} from '#shared/schemas/proposals.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { aCar } from '#shared/text/english.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { staleVersion } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { PhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { leadExists, quoteLeadFromProposal } from '#server/modules/leads/leads.api.ts';
import {
  attachMediaToProposal,
  deleteMediaNotIn,
  deleteOrphanMedia,
  insertStoredMedia,
  normalisePhoto,
} from '#server/modules/media/media.api.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { addTimelineEntry } from '#server/modules/timeline/timeline.api.ts';
import { resolvePhotos, storePhotos } from './proposal-photos.ts';
import * as repo from './proposals.repository.ts';

export const PROPOSAL_NOT_FOUND = 'Proposta não encontrada';
export const STAFF_PROPOSAL_NOT_FOUND = 'Proposal not found';
/** The record's name in the 409 of a stale write (ADR 022). */
const PROPOSAL_RECORD = { record: 'proposal', notFoundMessage: STAFF_PROPOSAL_NOT_FOUND };
export const LEAD_NOT_FOUND = 'Lead not found';
/** The same visitor reloading the page within this time is one view. */
export const VIEW_DEDUPE_MS = 30 * 60 * 1000;
/** An upload not saved into any proposal within this time is deleted. */
export const ORPHAN_UPLOAD_MS = 24 * 60 * 60 * 1000;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toProposal(row: repo.ProposalRow): Proposal {
  return {
    ...row,
    vehicleFuelType: row.vehicleFuelType as Proposal['vehicleFuelType'],
    registrationCountry: row.registrationCountry === 'non_eu' ? 'non_eu' : 'eu',
    firstViewedAt: iso(row.firstViewedAt),
    lastViewedAt: iso(row.lastViewedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

interface Deps {
  db: Db;
  hub: EventHub;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Listing photos are read through this port (the listings integration's adapter). */
  photos: PhotoFetcher;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export function createProposalsService(deps: Deps) {
  const { db, hub, clock, notifications, photos, log } = deps;

  const leadChanged = (leadId: number | null, byUserId: number | null) => {
    if (leadId !== null)
      hub.publish({
        type: 'lead_updated',
        data: byUserId === null ? { leadId } : { leadId, byUserId },
        audience: { kind: 'staff' },
      });
  };

  /** The stored row's columns from the editor's fields, with ISV, IVA and total computed here. */
  function columns(input: ProposalInputParsed) {
    const today = todayInLisbon(clock.now());
    const first = firstRegistrationDate(input.vehicleFirstRegistration);
    if (first && first > today)
      throw new AppError('VALIDATION', 'First registration cannot be in the future', {
        vehicleFirstRegistration: 'First registration cannot be in the future',
      });
    const costs = computeProposalCosts(input, today);
    const { imageUrls: _urls, ...fields } = input;
    return { ...fields, isvCost: costs.isvCost, ivaCost: costs.ivaCost, totalCost: costs.totalCost };
  }

  async function save(
    input: ProposalInputParsed,
    proposalId: number | null,
    write: (tx: DbOrTx, values: ReturnType<typeof columns>) => Promise<repo.ProposalRow>,
  ) {
    const values = columns(input);
    const { slots, failed } = await resolvePhotos(db, input.imageUrls, photos, proposalId);
    const row = await db.transaction(async (tx) => {
      const saved = await write(tx, values);
      const { urls, keys } = await storePhotos(tx, slots, saved.id);
      await attachMediaToProposal(tx, keys, saved.id);
      await deleteMediaNotIn(tx, saved.id, keys);
      return (await repo.updateProposal(tx, saved.id, { imageUrls: urls }))!;
    });
    return { proposal: toProposal(row), failedImages: failed } satisfies ProposalWriteResponse;
  }

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
      await notifications.notify({
        type: 'other',
        title: 'Proposal viewed',
        message: `${name} (#${lead.reference}) opened the proposal for ${car}`,
        relatedId: lead.id,
        relatedType: 'lead',
        createdBy: null,
      });
    } catch (err) {
      log?.error({ err, leadId: lead.id }, 'could not notify staff of a proposal view');
    }
    leadChanged(lead.id, null);
  }

  return {
    async listForLead(leadId: number): Promise<Proposal[]> {
      if (!(await leadExists(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      return (await repo.listByLead(db, leadId)).map(toProposal);
    },

    async create(leadId: number, input: ProposalInputParsed, user: { id: number }): Promise<ProposalWriteResponse> {
      if (!(await leadExists(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      const result = await save(input, null, async (tx, values) => {
        const row = await repo.insertProposal(tx, { ...values, publicId: randomUUID(), leadId, createdBy: user.id });
        // A lead not yet quoted becomes Quoted at the proposal's total, in the same transaction (ADR 020).
        await quoteLeadFromProposal(tx, {
          leadId,
          total: row.totalCost,
          brand: row.vehicleBrand,
          model: row.vehicleModel,
          byUserId: user.id,
          at: clock.now(),
        });
        return row;
      });
      // Open screens refresh the lead: its proposals, and its status and timeline when they changed.
      leadChanged(leadId, user.id);
      return result;
    },

    /** A stored proposal as the API returns it (PUT fills omitted fields from it); undefined when none. */
    async stored(id: number): Promise<Proposal | undefined> {
      const row = await repo.findById(db, id);
      return row ? toProposal(row) : undefined;
    },

    /**
     * With `expected` (the version the client read) a proposal changed since answers 409 and nothing
     * is written (ADR 022): checked before any photo is fetched, and again by the update itself.
     */
    async update(
      id: number,
      input: ProposalInputParsed,
      expected: number | null,
      user: { id: number },
    ): Promise<ProposalWriteResponse> {
      const existing = await repo.findById(db, id);
      if (!existing) throw notFound(STAFF_PROPOSAL_NOT_FOUND);
      if (expected !== null && existing.version !== expected) throw staleVersion(PROPOSAL_RECORD.record);
      const result = await save(input, id, async (tx, values) => {
        const row = await repo.editProposal(tx, id, { ...values, updatedAt: clock.now() }, expected);
        if (!row) throw await repo.missedProposalWrite(tx, id, PROPOSAL_RECORD);
        return row;
      });
      leadChanged(existing.leadId, user.id);
      return result;
    },

    /** A photo staff upload (jpeg, png, webp), resized and stored; it joins a proposal when one is saved with its URL. */
    async uploadPhoto(data: Buffer): Promise<UploadedPhoto> {
      const photo = await normalisePhoto(data, null);
      // Uploads left out of every saved proposal for a day are dropped here, without a job of their own.
      await deleteOrphanMedia(db, new Date(clock.now().getTime() - ORPHAN_UPLOAD_MS));
      const stored = await insertStoredMedia(db, photo, null);
      return { url: stored.url, width: photo.width, height: photo.height };
    },

    async remove(id: number, expected: number | null, user: { id: number }): Promise<void> {
      // Its stored photos go with it (stored_media cascades).
      const row = await repo.deleteProposal(db, id, expected);
      if (!row) throw await repo.missedProposalWrite(db, id, PROPOSAL_RECORD);
      leadChanged(row.leadId, user.id);
    },

    /**
     * A customer opened the page. Staff are not counted, nor the same visitor again within 30
     * minutes, on any instance (proposal_view_visits). The first view tells every staff user and
     * writes a timeline entry on the lead.
     */
    async recordView(publicId: string, visitor: { staff: boolean; key: string }): Promise<{ counted: boolean }> {
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
    },

    /**
     * What the customer's proposal page shows. A proposal is unavailable
     * only when it does not exist (deleting the lead deletes its proposals).
     */
    async getPublic(publicId: string): Promise<PublicProposalResponse> {
      if (!PUBLIC_ID_PATTERN.test(publicId)) throw notFound(PROPOSAL_NOT_FOUND);
      const row = await repo.findPublicProposal(db, publicId);
      if (!row) throw notFound(PROPOSAL_NOT_FOUND);
      const { proposal, lead } = row;
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
    },

    /** The same, or null when there is none (server-rendered pages show their not-found state). */
    async findPublic(publicId: string): Promise<PublicProposalResponse | null> {
      try {
        return await this.getPublic(publicId);
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
