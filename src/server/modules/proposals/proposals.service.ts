import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { computeProposalCosts, firstRegistrationDate } from '#shared/proposals/costs.ts';
import { euroPrice, isForeignCurrency } from '#shared/proposals/currency.ts';
import {
  type Proposal,
  type ProposalDelivered,
  type ProposalInputParsed,
  type ProposalWriteResponse,
  type UploadedPhoto,
} from '#shared/schemas/proposals.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { staleVersion } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { PhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { leadExists, quoteLeadFromProposal, type ProposalDelivery } from '#server/modules/leads/leads.api.ts';
import {
  attachMediaToProposal,
  deleteMediaNotIn,
  deleteOrphanMedia,
  insertStoredMedia,
  normalisePhoto,
} from '#server/modules/media/media.api.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { resolvePhotos, storePhotos } from './proposal-photos.ts';
import { createPublicProposals } from './proposal-public.ts';
import * as repo from './proposals.repository.ts';

export const STAFF_PROPOSAL_NOT_FOUND = 'Proposal not found';
/** The record's name in the 409 of a stale write (ADR 022). */
const PROPOSAL_RECORD = { record: 'proposal', notFoundMessage: STAFF_PROPOSAL_NOT_FOUND };
export const LEAD_NOT_FOUND = 'Lead not found';
/** An upload not saved into any proposal within this time is deleted. */
export const ORPHAN_UPLOAD_MS = 24 * 60 * 60 * 1000;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toProposal(row: repo.ProposalRow): Proposal {
  // The watch's own schedule stays on the server.
  const { listingNextCheckAt: _next, listingBlockedCount: _blocked, ...shown } = row;
  return {
    ...shown,
    vehicleFuelType: row.vehicleFuelType as Proposal['vehicleFuelType'],
    vehicleGearbox: row.vehicleGearbox as Proposal['vehicleGearbox'],
    sellerType: row.sellerType as Proposal['sellerType'],
    registrationCountry: row.registrationCountry === 'non_eu' ? 'non_eu' : 'eu',
    firstViewedAt: iso(row.firstViewedAt),
    lastViewedAt: iso(row.lastViewedAt),
    sentAt: iso(row.sentAt),
    listingCheckedAt: iso(row.listingCheckedAt),
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
  /** Where deliveries of a proposal to the customer are recorded. */
  audit?: Pick<AuditService, 'record'>;
}

export function createProposalsService(deps: Deps) {
  const { db, hub, clock, notifications, photos, log, audit } = deps;

  const leadChanged = (leadId: number | null, byUserId: number | null) => {
    if (leadId !== null)
      hub.publish({
        type: 'lead_updated',
        data: byUserId === null ? { leadId } : { leadId, byUserId },
        audience: { kind: 'staff' },
      });
  };

  /**
   * A price in another currency becomes euros here, at the rate sent with it (ADR 055): the euro
   * price is never taken from the client, and never a non-euro number stored as euros.
   */
  function inEuros(input: ProposalInputParsed): ProposalInputParsed {
    if (!isForeignCurrency(input.listedCurrency))
      return { ...input, listedCurrency: null, listedPrice: null, exchangeRate: null, exchangeRateDate: null };
    const fields: Record<string, string> = {};
    if (!input.listedPrice) fields.listedPrice = `Enter the price as listed, in ${input.listedCurrency}`;
    if (!input.exchangeRate) fields.exchangeRate = `Enter the exchange rate: euros per ${input.listedCurrency}`;
    const price = euroPrice(input.listedPrice, input.exchangeRate);
    if (!fields.listedPrice && !fields.exchangeRate && (!price || !/^\d{1,8}\.\d{2}$/.test(price)))
      fields.exchangeRate = 'At this rate the price in euros is out of range';
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', Object.values(fields).join('; '), fields);
    return { ...input, vehiclePrice: price };
  }

  /** The stored row's columns from the editor's fields, with ISV, IVA and total computed here. */
  function columns(input: ProposalInputParsed) {
    const today = todayInLisbon(clock.now());
    const first = firstRegistrationDate(input.vehicleFirstRegistration);
    if (first && first > today)
      throw new AppError('VALIDATION', 'First registration cannot be in the future', {
        vehicleFirstRegistration: 'First registration cannot be in the future',
      });
    const priced = inEuros(input);
    const costs = computeProposalCosts(priced, today);
    const { imageUrls: _urls, ...fields } = priced;
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

  return {
    ...createPublicProposals({ db, clock, notifications, log, leadChanged }),

    async listForLead(leadId: number): Promise<Proposal[]> {
      if (!(await leadExists(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      return (await repo.listByLead(db, leadId)).map(toProposal);
    },

    async create(leadId: number, input: ProposalInputParsed, user: { id: number }): Promise<ProposalWriteResponse> {
      if (!(await leadExists(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      // Creating a proposal leaves the lead's status alone: it is Quoted when the proposal reaches the
      // customer (markDelivered; docs/rulings.md ruling 22, ADR 053).
      const result = await save(input, null, (tx, values) =>
        repo.insertProposal(tx, { ...values, publicId: randomUUID(), leadId, createdBy: user.id }),
      );
      // Open screens refresh the lead: its proposals.
      leadChanged(leadId, user.id);
      return result;
    },

    /**
     * The proposal reached the customer: its e-mail was sent, or staff copied or shared its link
     * (docs/rulings.md ruling 22, ADR 053). A lead not yet quoted becomes Quoted at the proposal's
     * total; a second delivery changes nothing. Audited (proposal_shared), in one transaction.
     */
    async markDelivered(
      id: number,
      via: ProposalDelivery,
      user: { id: number; username?: string | null },
      ipAddress: string | null = null,
    ): Promise<ProposalDelivered> {
      const row = await repo.findById(db, id);
      if (!row) throw notFound(STAFF_PROPOSAL_NOT_FOUND);
      const leadQuoted = await db.transaction(async (tx) => {
        // The first delivery dates the proposal as sent: the listing watch follows it from now (ADR 068).
        if (!row.sentAt) await repo.markSent(tx, id, clock.now());
        const changed =
          row.leadId !== null &&
          (await quoteLeadFromProposal(tx, {
            leadId: row.leadId,
            total: row.totalCost,
            brand: row.vehicleBrand,
            model: row.vehicleModel,
            byUserId: user.id,
            at: clock.now(),
            via,
          }));
        await audit?.record(
          {
            event: 'proposal_shared',
            userId: user.id,
            username: user.username ?? null,
            ipAddress,
            details: `Proposal ${id}${row.leadId === null ? '' : ` of lead ${row.leadId}`}: ${via}`,
          },
          tx,
        );
        return changed;
      });
      if (leadQuoted) leadChanged(row.leadId, user.id);
      return { leadQuoted };
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
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
