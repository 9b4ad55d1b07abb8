import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { updateVersioned } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { IMPORT_PROGRESS, isActiveImport, type ImportStatus } from '#shared/imports/status.ts';
import { reachedStages } from '#shared/imports/tracking.ts';
import { IMPORT_MESSAGES, type Import, type ImportCreate, type ImportUpdate } from '#shared/schemas/imports.ts';
import { IMPORTS_PAGE_SIZE, type ImportListQuery, type ImportListResponse } from '#shared/schemas/imports-list.ts';
import { type TrackingResponse } from '#shared/schemas/import-tracking.ts';
import { convertLeadToImport, lockLeadForConversion } from '#server/modules/leads/leads.api.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { findProposalLink } from '#server/modules/proposals/proposals.api.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import { costsOfImport } from './import-costs.repository.ts';
import { toImport, toListItem } from './import-views.ts';
import { decodeCursor, encodeCursor, toListFilter } from './imports-list.ts';
import * as repo from './imports.repository.ts';

export const IMPORT_RECORD = { record: 'import', notFoundMessage: IMPORT_MESSAGES.importNotFound };
export const TRACKING_NOT_FOUND = 'Importação não encontrada';

export interface Staff {
  id: number;
}

/**
 * Imports: created by hand or from a lead (its conversion, ADR 023), read, edited with versions
 * (ADR 022), moved through their stages with a dated history, listed and exported; and the
 * customer's tracking data.
 */
export function createImportsService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  notifications: NotificationsService;
  settings: SettingsService;
  log?: FastifyBaseLogger;
  /** The customer's e-mail after a stage change (ADR 068): the e-mail module queues it. */
  stageChanged?: (imp: Import) => Promise<unknown>;
}) {
  const { db, hub, clock, notifications, settings, log } = deps;

  const published = (type: 'import_created' | 'import_updated', importId: number, byUserId: number) =>
    hub.publish({ type, data: { importId, byUserId }, audience: { kind: 'staff' } });

  async function get(id: number): Promise<Import> {
    const detail = await repo.findImportDetail(db, id);
    if (!detail) throw notFound(IMPORT_MESSAGES.importNotFound);
    const [history, costs] = await Promise.all([repo.statusHistory(db, id), costsOfImport(db, id)]);
    return toImport(detail, history, costs, clock.now());
  }

  /** The proposal an import comes from: it must exist and, with a lead, be that lead's. */
  async function checkProposal(tx: Parameters<typeof findProposalLink>[0], proposalId: number, leadId: number | null) {
    const proposal = await findProposalLink(tx, proposalId);
    if (!proposal)
      throw new AppError('VALIDATION', IMPORT_MESSAGES.proposalNotFound, {
        proposalId: IMPORT_MESSAGES.proposalNotFound,
      });
    if (leadId !== null && proposal.leadId !== leadId) {
      const message = IMPORT_MESSAGES.proposalOfOtherLead;
      throw new AppError('VALIDATION', message, { proposalId: message });
    }
  }

  return {
    get,

    /**
     * 'Create New Import' and 'Create Import from Lead': the import, its first stage in the history
     * and, with a lead, the lead's conversion (status converted, a timeline entry), in one
     * transaction; then the other staff are notified and open screens refresh.
     */
    async create(input: ImportCreate, user: Staff): Promise<{ import: Import; replayed: boolean }> {
      const now = clock.now();
      const { leadId = null, proposalId = null, idempotencyKey, ...fields } = input;
      // Idempotent (ADR 023): a request with a key makes one import however often it is sent; a
      // lead's conversion without a key is keyed by the lead, so the lead converts once.
      const requestKey = idempotencyKey
        ? `req:${user.id}:${idempotencyKey}`
        : leadId !== null
          ? `lead:${leadId}`
          : null;
      const replay = (existing: repo.ImportRow) => {
        if (existing.leadId !== leadId)
          throw new AppError('CONFLICT', IMPORT_MESSAGES.requestKeyReused, {
            idempotencyKey: IMPORT_MESSAGES.requestKeyReused,
          });
        return { row: existing, replayed: true };
      };
      const outcome = await db.transaction(async (tx) => {
        const lead = leadId === null ? null : await lockLeadForConversion(tx, leadId);
        if (leadId !== null && !lead) throw notFound(IMPORT_MESSAGES.leadNotFound);
        const earlier = requestKey ? await repo.findImportByRequestKey(tx, requestKey) : undefined;
        if (earlier) return replay(earlier);
        if (proposalId !== null) await checkProposal(tx, proposalId, leadId);
        const row = await repo.insertImport(tx, {
          ...fields,
          leadId,
          proposalId,
          requestKey,
          status: 'confirmed',
          statusChangedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        // The unique index decided: a concurrent request with the same key committed first.
        if (!row) return replay((await repo.findImportByRequestKey(tx, requestKey!))!);
        await repo.insertStatusChange(tx, {
          importId: row.id,
          status: 'confirmed',
          changedAt: now,
          changedBy: user.id,
        });
        if (lead) {
          await convertLeadToImport(tx, {
            leadId: lead.id,
            previousStatus: lead.status,
            importId: row.id,
            vehicle: `${row.vehicleMake} ${row.vehicleModel}`,
            byUserId: user.id,
            at: now,
          });
        }
        return { row, replayed: false };
      });
      if (outcome.replayed) return { import: await get(outcome.row.id), replayed: true };
      const created = outcome.row;
      try {
        await notifications.notify({
          type: 'new_import',
          title: 'New import',
          message: `Import #${created.id}: ${created.vehicleMake} ${created.vehicleModel} for ${created.clientName}`,
          relatedId: created.id,
          relatedType: 'import',
          createdBy: user.id,
        });
      } catch (err) {
        // The import is saved; a failed notification must not make anyone enter it again.
        log?.error({ err, importId: created.id }, 'could not notify staff of a new import');
      }
      published('import_created', created.id, user.id);
      if (leadId !== null)
        hub.publish({ type: 'lead_updated', data: { leadId, byUserId: user.id }, audience: { kind: 'staff' } });
      return { import: await get(created.id), replayed: false };
    },

    /**
     * Any subset of the fields; a new status is recorded in the history with its time and user.
     * With `expected`, a write based on an older version answers 409 STALE_VERSION.
     */
    async update(id: number, input: ImportUpdate, expected: number | null, user: Staff): Promise<Import> {
      const now = clock.now();
      const { version: _version, ...set } = input;
      const moved = await db.transaction(async (tx) => {
        const current = await repo.lockImport(tx, id);
        if (!current) throw notFound(IMPORT_MESSAGES.importNotFound);
        const moved = input.status !== undefined && input.status !== current.status;
        await updateVersioned(
          tx,
          imports,
          id,
          expected,
          {
            ...set,
            updatedAt: now,
            ...(moved ? { statusChangedAt: now } : {}),
            ...invoicedAtChange(current, input, now),
          },
          IMPORT_RECORD,
        );
        if (moved)
          await repo.insertStatusChange(tx, {
            importId: id,
            status: input.status!,
            changedAt: now,
            changedBy: user.id,
          });
        return moved;
      });
      published('import_updated', id, user.id);
      const updated = await get(id);
      if (moved && updated.notifyCustomer && deps.stageChanged) {
        try {
          await deps.stageChanged(updated);
        } catch (err) {
          // The stage is saved; the customer's e-mail is a courtesy that must not undo it.
          log?.error({ err, importId: id }, 'could not queue the stage e-mail');
        }
      }
      return updated;
    },

    async list(query: ImportListQuery): Promise<ImportListResponse> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const limit = query.limit ?? IMPORTS_PAGE_SIZE;
      const filter = toListFilter(query);
      // Side by side on PostgreSQL's pool; one after the other on PGlite's single connection.
      const [rows, total] = await Promise.all([
        repo.listPage(db, filter, after, limit + 1),
        repo.countMatches(db, filter),
      ]);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        items: shown.map(toListItem),
        total,
        nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.exactCreatedAt, id: last.id }) : null,
      };
    },

    /** Every matching import in list order, `batchSize` at a time (keyset: no offset). */
    async *exportRows(query: Pick<ImportListQuery, 'search' | 'filter'>, batchSize = 2_000) {
      const filter = toListFilter(query);
      let after: repo.ListKey | null = null;
      for (;;) {
        const batch = await repo.listPage(db, filter, after, batchSize);
        if (batch.length) yield batch;
        if (batch.length < batchSize) return;
        const last = batch.at(-1)!;
        after = { createdAt: last.exactCreatedAt, id: last.id };
      }
    },

    /** Every cost line matching the filter, by date then id. */
    async *exportCostRows(filter: repo.CostExportFilter, batchSize = 2_000) {
      let after: { date: string; id: number } | null = null;
      for (;;) {
        const batch = await repo.costExportBatch(db, filter, after, batchSize);
        if (batch.length) yield batch;
        if (batch.length < batchSize) return;
        const last = batch.at(-1)!;
        after = { date: last.date, id: last.id };
      }
    },

    /** The customer's page: the car, the stages reached with dates, the company's contacts; nothing else. */
    async tracking(publicId: string): Promise<TrackingResponse> {
      const [row, publicSettings] = await Promise.all([repo.findForTracking(db, publicId), settings.getPublic()]);
      if (!row) throw notFound(TRACKING_NOT_FOUND);
      const status = row.status as ImportStatus;
      const history = row.history.map((h) => ({
        status: h.status as ImportStatus,
        changedAt: new Date(h.changedAt).toISOString(),
      }));
      // Imports older than the history (or without any row) entered their current stage at statusChangedAt.
      if (!history.some((h) => h.status === status))
        history.push({ status, changedAt: new Date(row.statusChangedAt).toISOString() });
      const { name, phone, email, logoUrl } = publicSettings.company;
      const stages = reachedStages(status, history);
      // What is still ahead has an expected date; what is reached or over has its real one (ADR 068).
      const open = isActiveImport(status);
      const reached = new Set(stages.map((s) => s.status));
      const ahead = Object.entries(row.expectedStageDates ?? {}).filter(
        ([stage]) => open && !reached.has(stage as ImportStatus),
      );
      return {
        vehicle: { make: row.vehicleMake, model: row.vehicleModel, year: row.vehicleYear },
        status,
        progress: IMPORT_PROGRESS[status],
        stages,
        startedAt: new Date(row.createdAt).toISOString(),
        company: { name, phone, email, logoUrl },
        proposalPath: row.proposalPublicId ? `/proposta/${encodeURIComponent(row.proposalPublicId)}` : null,
        expectedDeliveryDate: open ? row.expectedDeliveryDate : null,
        expectedStageDates: Object.fromEntries(ahead),
      };
    },

    now: () => clock.now(),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;

/** The money-owed screen counts days since invoicing (ADR 067): stamped when invoiced turns on, cleared when off. */
function invoicedAtChange(current: { invoiced: boolean }, input: ImportUpdate, now: Date) {
  if (input.invoiced === undefined || input.invoiced === current.invoiced) return {};
  return { invoicedAt: input.invoiced ? now : null };
}
