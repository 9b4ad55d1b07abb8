import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import { SETTINGS } from '#shared/settings.ts';
import { hashPassword } from '#server/lib/password.ts';
import { nextLeadReference } from '#server/modules/leads/leads.api.ts';
import type { Db, Tx } from '../client.ts';
import {
  emailTemplates,
  importCosts,
  importStatusHistory,
  imports,
  leadTimeline,
  leads,
  notifications,
  proposals,
  storedMedia,
  suppliers,
  systemSettings,
  userLeadViews,
  users,
} from '../schema/index.ts';
import { CAR_SVG_HEIGHT, CAR_SVG_WIDTH } from './car-svg.ts';
import { planNotifications, planViews } from './demo-activity.ts';
import { DEMO_IMPORT_SLOTS, planDemoImports } from './demo-imports.ts';
import { demoLeadCount } from './demo-lead-stories.ts';
import { planDemoLeads, type StaffMember } from './demo-leads.ts';
import { demoSuppliers } from './demo-suppliers.ts';
import { DEMO_EMAIL_TEMPLATES } from './demo-templates.ts';
import { createRng } from './prng.ts';
import { DEMO_PASSWORD, DEMO_USERS, findRealData, LeadsExistError, RealDataError } from './real-data.ts';

export interface SeedDemoOptions {
  /** Replace existing demo business data instead of refusing. */
  force?: boolean;
  /** Seed even a database that holds real data (findRealData), replacing its business data. */
  forceRealData?: boolean;
  /** Dates are placed relative to this instant. */
  now?: Date;
  /** PRNG seed: the same seed gives the same names, cars and texts. */
  seed?: string;
  /** Base URL of the public site, for the proposal links written into e-mails. */
  publicUrl?: string;
}

export interface SeedDemoSummary {
  usersCreated: string[];
  staff: number;
  leads: number;
  timelineEntries: number;
  leadViews: number;
  proposals: number;
  photos: number;
  suppliers: number;
  imports: number;
  importCosts: number;
  notifications: number;
  emailTemplates: number;
  settingsAdded: number;
}

/** Tables --force empties. users, sessions, the audit log, mailboxes and secrets stay. */
const BUSINESS_TABLES = sql`mail_attachments, mail_messages, email_outbox, lead_tasks, lead_timeline, user_lead_views, proposal_view_visits, stored_media, proposals, import_status_history, import_costs, imports, suppliers, notifications, email_templates, leads`;

export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoSummary> {
  const now = options.now ?? new Date();
  const rng = createRng(options.seed ?? 'autoimport-demo');

  // argon2 is slow on purpose: hash before the transaction so it holds no lock while hashing.
  const present = await db
    .select({ username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_USERS.map((u) => u.username),
      ),
    );
  const missing = DEMO_USERS.filter((u) => !present.some((p) => p.username === u.username));
  const newUsers = await Promise.all(missing.map(async (u) => ({ ...u, password: await hashPassword(DEMO_PASSWORD) })));

  return db.transaction(async (tx) => {
    if (!options.forceRealData) {
      const real = await findRealData(tx);
      if (real.leads > 0 || real.users.length > 0) throw new RealDataError(real);
    }
    const [existing] = await tx.select({ n: count() }).from(leads);
    if (existing && existing.n > 0) {
      if (!options.force && !options.forceRealData) throw new LeadsExistError(existing.n);
      await tx.execute(sql`truncate ${BUSINESS_TABLES} restart identity`);
    }

    const created = newUsers.length
      ? await tx.insert(users).values(newUsers).onConflictDoNothing().returning({ username: users.username })
      : [];
    const staff: StaffMember[] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .orderBy(users.id);

    const linked = DEMO_IMPORT_SLOTS.filter((s) => s.linked).map((s) => s.status);
    const references: string[] = [];
    for (let i = 0; i < demoLeadCount(linked.length); i++) references.push(await nextLeadReference(tx));

    const planned = planDemoLeads(rng.fork('leads'), {
      now,
      staff,
      references,
      convertedImportStatuses: linked,
      newPublicId: () => randomUUID(),
      publicUrl: (options.publicUrl ?? '').replace(/\/+$/, ''),
    });
    const supplierPlan = demoSuppliers(rng.fork('suppliers'));
    const importPlan = planDemoImports(rng.fork('imports'), { now, leads: planned, suppliers: supplierPlan, staff });

    const supplierRows = await tx
      .insert(suppliers)
      .values(supplierPlan.map((s) => ({ ...s.values, createdAt: now, updatedAt: now })))
      .returning({ id: suppliers.id, name: suppliers.name });
    const supplierIds = supplierPlan.map((s) => supplierRows.find((r) => r.name === s.values.name)!.id);

    const leadRows = await tx
      .insert(leads)
      .values(planned.map((p) => p.values))
      .returning({ id: leads.id, reference: leads.reference });
    const leadIds = planned.map((p) => leadRows.find((r) => r.reference === p.values.reference)!.id);

    const entries = planned.flatMap((p, i) => p.timeline.map((t) => ({ ...t, leadId: leadIds[i]! })));
    await insertChunks(tx, leadTimeline, entries);

    const seededLeads = planned.map((p, i) => ({
      id: leadIds[i]!,
      reference: p.values.reference,
      firstName: p.values.firstName,
      lastName: p.values.lastName ?? null,
      vehicleMake: p.values.vehicleMake,
      vehicleModel: p.values.vehicleModel,
      status: p.values.status!,
      createdAt: p.values.createdAt!,
      lastInteractionAt: p.values.lastInteractionAt!,
    }));
    const views = planViews(rng.fork('views'), now, staff, seededLeads);
    await insertChunks(tx, userLeadViews, views);

    let photos = 0;
    let proposalCount = 0;
    // The proposal each converted lead's import came from (its tracking page links to it).
    const proposalIdByLead = new Map<number, number>();
    for (const [i, p] of planned.entries()) {
      if (!p.proposal) continue;
      const media = p.proposal.photos.map((svg) => {
        const data = Buffer.from(svg, 'utf8');
        return {
          key: randomBytes(16).toString('hex'),
          contentType: 'image/svg+xml',
          byteSize: data.length,
          width: CAR_SVG_WIDTH,
          height: CAR_SVG_HEIGHT,
          sha256: createHash('sha256').update(data).digest('hex'),
          data,
          createdAt: p.proposal!.values.createdAt!,
        };
      });
      const [row] = await tx
        .insert(proposals)
        .values({ ...p.proposal.values, leadId: leadIds[i]!, imageUrls: media.map((m) => `/media/${m.key}`) })
        .returning({ id: proposals.id });
      await tx.insert(storedMedia).values(media.map((m) => ({ ...m, proposalId: row!.id })));
      proposalIdByLead.set(i, row!.id);
      photos += media.length;
      proposalCount++;
    }

    const seededImports = [];
    let costCount = 0;
    for (const imp of importPlan) {
      const leadId = imp.leadIndex === null ? null : leadIds[imp.leadIndex]!;
      const proposalId = imp.leadIndex === null ? null : (proposalIdByLead.get(imp.leadIndex) ?? null);
      const [row] = await tx
        .insert(imports)
        .values({ ...imp.values, leadId, proposalId })
        .returning({ id: imports.id });
      await tx.insert(importStatusHistory).values(imp.history.map((h) => ({ ...h, importId: row!.id })));
      if (imp.costs.length) {
        await tx
          .insert(importCosts)
          .values(
            imp.costs.map((c) => ({ ...c.values, importId: row!.id, supplierId: supplierIds[c.supplierIndex]! })),
          );
      }
      costCount += imp.costs.length;
      seededImports.push({
        id: row!.id,
        clientName: imp.values.clientName,
        vehicleMake: imp.values.vehicleMake,
        vehicleModel: imp.values.vehicleModel,
        assignedTo: imp.values.assignedTo ?? null,
        createdAt: imp.values.createdAt!,
      });
    }

    const bell = planNotifications(rng.fork('notifications'), now, staff, seededLeads, seededImports);
    await insertChunks(tx, notifications, bell);

    const adminId = staff.find((s) => s.username === 'ana.ferreira')?.id ?? null;
    const templates = await tx
      .insert(emailTemplates)
      .values(DEMO_EMAIL_TEMPLATES.map((t) => ({ ...t, createdBy: adminId, createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: emailTemplates.templateId })
      .returning({ id: emailTemplates.id });
    const settings = await tx
      .insert(systemSettings)
      .values(Object.entries(SETTINGS).map(([key, s]) => ({ key, value: s.default, description: s.description })))
      .onConflictDoNothing({ target: systemSettings.key })
      .returning({ id: systemSettings.id });

    return {
      usersCreated: created.map((c) => c.username),
      staff: staff.length,
      leads: leadRows.length,
      timelineEntries: entries.length,
      leadViews: views.length,
      proposals: proposalCount,
      photos,
      suppliers: supplierRows.length,
      imports: importPlan.length,
      importCosts: costCount,
      notifications: bell.length,
      emailTemplates: templates.length,
      settingsAdded: settings.length,
    };
  });
}

/**
 * Multi-row inserts of at most `size` rows: one round trip per chunk, and far below the 32,767
 * parameters per statement beyond which PGlite silently stores nothing.
 */
export async function insertChunks<T extends Parameters<Tx['insert']>[0]>(
  tx: Tx | Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size));
  }
}
