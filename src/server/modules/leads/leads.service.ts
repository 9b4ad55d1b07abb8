import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventHub } from '../../realtime/hub.ts';
import type { QuoteRequest } from '../../../shared/schemas/contact-form.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { leadFromQuote, newLeadNotification } from './lead-from-quote.ts';
import { nextLeadReference } from './lead-reference.ts';
import { insertLead, type LeadRow } from './leads.repository.ts';

export function createLeadsService(deps: { db: Db; hub: EventHub; notifications: NotificationsService; log?: FastifyBaseLogger }) {
  const { db, hub, notifications, log } = deps;

  /** After a lead exists: every staff user is notified and open back offices refresh (DECISIONS 7). */
  async function announce(lead: LeadRow): Promise<void> {
    try {
      await notifications.notify(newLeadNotification(lead));
    } catch (err) {
      // The customer's request is saved; a failed notification must not make them send it again.
      log?.error({ err, leadId: lead.id }, 'could not notify staff of a new lead');
    }
    hub.publish({ type: 'lead_created', data: { leadId: lead.id }, audience: { kind: 'staff' } });
  }

  return {
    /** A lead from the public quote form, with a generated reference (DECISIONS 6). */
    async createFromQuoteForm(request: QuoteRequest, meta: { utmSource: string | null }): Promise<LeadRow> {
      const reference = await nextLeadReference(db);
      const lead = await insertLead(db, { ...leadFromQuote(request, meta.utmSource), reference });
      await announce(lead);
      return lead;
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
