import { aCar } from '#shared/text/english.ts';
import type { notifications, userLeadViews } from '../schema/index.ts';
import type { StaffMember } from './demo-leads.ts';
import type { Rng } from './prng.ts';

// Per-user activity for demo data: which leads each staff member has opened, and their bell.

export type NotificationValues = Omit<typeof notifications.$inferInsert, 'id'>;
export type ViewValues = Omit<typeof userLeadViews.$inferInsert, 'id'>;

interface SeededLead {
  id: number;
  reference: string;
  firstName: string;
  lastName: string | null;
  vehicleMake: string;
  vehicleModel: string;
  status: string;
  createdAt: Date;
  lastInteractionAt: Date;
}

interface SeededImport {
  id: number;
  clientName: string;
  vehicleMake: string;
  vehicleModel: string;
  assignedTo: number | null;
  createdAt: Date;
}

const HOUR = 3_600_000;

/** Staff have opened most leads; fresh requests are the ones still unseen, as in a real inbox. */
export function planViews(
  rng: Rng,
  now: Date,
  staff: readonly StaffMember[],
  leads: readonly SeededLead[],
): ViewValues[] {
  const views: ViewValues[] = [];
  for (const user of staff) {
    for (const lead of leads) {
      const fresh = now.getTime() - lead.lastInteractionAt.getTime() < 20 * HOUR && lead.status === 'requested';
      if (!rng.chance(fresh ? 0.3 : 0.85)) continue;
      const last = lead.lastInteractionAt.getTime();
      // Mostly opened after the latest activity; sometimes before it, so there is news to see.
      const seenAt =
        rng.chance(0.15) && last > lead.createdAt.getTime()
          ? rng.float(lead.createdAt.getTime(), last)
          : Math.min(now.getTime(), last + rng.float(0.1, 8) * HOUR);
      views.push({ userId: user.id, leadId: lead.id, seenAt: new Date(Math.round(seenAt)) });
    }
  }
  return views;
}

/** The bell of every staff member: the newest leads and imports, older ones mostly read. */
export function planNotifications(
  rng: Rng,
  now: Date,
  staff: readonly StaffMember[],
  leads: readonly SeededLead[],
  imports: readonly SeededImport[],
): NotificationValues[] {
  const newestLeads = [...leads].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 8);
  const newestImports = [...imports].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 3);
  const out: NotificationValues[] = [];
  const readChance = (at: Date) => (now.getTime() - at.getTime() > 24 * HOUR ? 0.8 : 0.15);
  for (const user of staff) {
    for (const lead of newestLeads) {
      out.push({
        userId: user.id,
        type: 'new_lead',
        title: `New lead ${lead.reference}`,
        message: `${[lead.firstName, lead.lastName].filter(Boolean).join(' ')} requested a quote for ${aCar(lead.vehicleMake, lead.vehicleModel)} (${lead.reference}).`,
        relatedId: lead.id,
        relatedType: 'lead',
        isRead: rng.chance(readChance(lead.createdAt)),
        createdBy: null,
        createdAt: new Date(lead.createdAt.getTime() + 2_000),
      });
    }
    for (const imp of newestImports) {
      out.push({
        userId: user.id,
        type: 'new_import',
        title: 'New import',
        message: `Import created for ${imp.clientName}: ${imp.vehicleMake} ${imp.vehicleModel}.`,
        relatedId: imp.id,
        relatedType: 'import',
        isRead: imp.assignedTo === user.id || rng.chance(readChance(imp.createdAt)),
        createdBy: imp.assignedTo,
        createdAt: new Date(imp.createdAt.getTime() + 2_000),
      });
    }
  }
  return out;
}
