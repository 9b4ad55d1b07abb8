import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';

import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { QuoteRequest } from '#shared/schemas/contact-form.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import type { LeadCreate, LeadUpdate, ManualLead } from '#shared/schemas/lead-writes.ts';
import type { NotificationsService, NotifyInput } from '#server/modules/notifications/notifications.service.ts';
import { addTimelineEntry } from '#server/modules/timeline/timeline.api.ts';
import {
  insertLead,
  missedLeadWrite,
  nextLeadReference,
  updateLead,
  type LeadRow,
  type NewLeadRow,
} from '../leads.repository.ts';
import { findDuplicates } from '../merge/lead-duplicates.repository.ts';
import { toLead } from './lead-detail.ts';
import { leadFromQuote, newLeadNotification, quoteRequestEntry, type QuoteTracking } from './lead-from-quote.ts';
import { leadFromManual, manualLeadNotification, toMoney, type StaffUser } from './lead-manual.ts';
import { makeModelWithLink } from './listing-link.ts';
import { lostReasonChange } from './lead-lost.ts';
import { findLeadById, findLeadDetail, insertLeadView, markLeadSeen, toggleStar } from './lead.repository.ts';

export const LEAD_NOT_FOUND = 'Lead not found';
/** The record's name in the 409 of a stale write (ADR 022). */
export const LEAD_RECORD = { record: 'lead', notFoundMessage: LEAD_NOT_FOUND };
/** Converted is set by creating an import from the lead, not by a status edit (ADR 012). */
export const CONVERT_REFUSED =
  'A lead becomes converted by creating an import from it: choose Converted and fill in Create Import from Lead';

/** One lead: created from the quote form or by staff, read with its duplicates, edited, seen, starred (ADR 012). */
export function createLeadService(deps: {
  db: Db;
  hub: EventHub;
  notifications: NotificationsService;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** The customer's acknowledgement after a quote request (docs/rulings.md ruling 7); the e-mail module queues it. */
  acknowledge?: (lead: LeadRow) => Promise<unknown>;
}) {
  const { db, hub, notifications, clock, log } = deps;

  /** After a lead exists: staff are notified and open back offices refresh. */
  async function announce(lead: LeadRow, notification: NotifyInput, byUserId: number | null): Promise<void> {
    try {
      await notifications.notify(notification);
    } catch (err) {
      // The lead is saved; a failed notification must not make anyone enter it again.
      log?.error({ err, leadId: lead.id }, 'could not notify staff of a new lead');
    }
    hub.publish({
      type: 'lead_created',
      data: byUserId === null ? { leadId: lead.id } : { leadId: lead.id, byUserId },
      audience: { kind: 'staff' },
    });
  }

  const updated = (leadId: number, byUserId: number) =>
    hub.publish({ type: 'lead_updated', data: { leadId, byUserId }, audience: { kind: 'staff' } });

  async function get(id: number, userId: number): Promise<Lead> {
    const row = await findLeadDetail(db, id, userId);
    if (!row) throw notFound(LEAD_NOT_FOUND);
    return toLead(row, await findDuplicates(db, row));
  }

  return {
    /**
     * A lead from the public quote form, with a generated reference (ADR 008) and the request as its
     * first timeline entry, in one transaction (ADR 020); everyone is notified.
     */
    async createFromQuoteForm(request: QuoteRequest, meta: QuoteTracking): Promise<LeadRow> {
      const lead = await db.transaction(async (tx) => {
        const reference = await nextLeadReference(tx);
        const row = await insertLead(tx, { ...leadFromQuote(request, meta.utmSource), reference });
        await addTimelineEntry(tx, {
          leadId: row.id,
          type: 'chat',
          ...quoteRequestEntry(request, meta),
          metadata: { event: 'quote_request' },
          createdBy: null,
          createdAt: row.createdAt,
        });
        return row;
      });
      await announce(lead, newLeadNotification(lead), null);
      try {
        await deps.acknowledge?.(lead);
      } catch (err) {
        // The request is saved; staff see it and can write to the customer themselves.
        log?.error({ err, leadId: lead.id }, 'could not queue the acknowledgement e-mail');
      }
      return lead;
    },

    /**
     * A lead typed in by staff (manual lead, or the add-lead dialog): generated reference, seen by its
     * creator, and the rest of the team notified.
     */
    async createByStaff(
      input: ManualLead | LeadCreate,
      user: StaffUser,
      origin: 'manual' | 'extension' = 'manual',
    ): Promise<Lead> {
      if ('status' in input && input.status === 'converted')
        throw new AppError('VALIDATION', CONVERT_REFUSED, { status: CONVERT_REFUSED });
      const now = clock.now();
      const lead = await db.transaction(async (tx) => {
        const reference = await nextLeadReference(tx);
        const row = await insertLead(tx, {
          ...leadFromManual(input, origin),
          reference,
          createdAt: now,
          updatedAt: now,
          lastInteractionAt: now,
        });
        await insertLeadView(tx, { userId: user.id, leadId: row.id, seenAt: now });
        return row;
      });
      await announce(lead, manualLeadNotification(lead, user), user.id);
      return get(lead.id, user.id);
    },

    get,

    /**
     * Partial update: only the fields sent change; answers the lead as it is now. With `expected`
     * (the version the client read) a lead changed since answers 409 and nothing is written.
     */
    async update(id: number, input: LeadUpdate, expected: number | null, user: StaffUser): Promise<Lead> {
      const current = await findLeadById(db, id);
      if (!current) throw notFound(LEAD_NOT_FOUND);
      if (input.status === 'converted' && current.status !== 'converted') {
        throw new AppError('VALIDATION', CONVERT_REFUSED, { status: CONVERT_REFUSED });
      }
      const lost = lostReasonChange(current.status, input);
      const { budget, quotedAmount, version: _version, lostReason: _r, lostReasonText: _t, ...rest } = input;
      const set: Partial<NewLeadRow> = { updatedAt: clock.now(), ...lost.set };
      // Only the keys sent: an absent phone must not reset phone_normalized.
      for (const [key, value] of Object.entries(rest))
        if (value !== undefined) (set as Record<string, unknown>)[key] = value;
      if (budget !== undefined) set.budget = toMoney(budget);
      if (quotedAmount !== undefined) set.quotedAmount = toMoney(quotedAmount);
      // A change to the car: make or model left 'Not specified' are read from the listing link.
      if (input.vehicleLink !== undefined || input.vehicleMake !== undefined || input.vehicleModel !== undefined) {
        const car = {
          vehicleMake: set.vehicleMake ?? current.vehicleMake,
          vehicleModel: set.vehicleModel ?? current.vehicleModel,
          vehicleLink: set.vehicleLink === undefined ? current.vehicleLink : set.vehicleLink,
        };
        const filled = makeModelWithLink(car);
        if (filled.vehicleMake !== car.vehicleMake) set.vehicleMake = filled.vehicleMake;
        if (filled.vehicleModel !== car.vehicleModel) set.vehicleModel = filled.vehicleModel;
      }
      const written = await db.transaction(async (tx) => {
        if (!(await updateLead(tx, id, set, expected))) return false;
        // Rejecting records why on the timeline, beside the other status changes (ADR 067).
        if (lost.entry)
          await addTimelineEntry(tx, { leadId: id, ...lost.entry, createdBy: user.id, createdAt: set.updatedAt });
        return true;
      });
      if (!written) throw await missedLeadWrite(db, id, LEAD_RECORD);
      updated(id, user.id);
      return get(id, user.id);
    },

    async markSeen(id: number, userId: number): Promise<void> {
      if (!(await markLeadSeen(db, userId, id, clock.now()))) throw notFound(LEAD_NOT_FOUND);
    },

    async toggleStar(id: number, userId: number): Promise<{ starred: boolean }> {
      const starred = await toggleStar(db, id, clock.now());
      if (starred === undefined) throw notFound(LEAD_NOT_FOUND);
      updated(id, userId);
      return { starred };
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
