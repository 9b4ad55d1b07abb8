import type { z } from 'zod';
import type { EmailTemplate, emailTemplateInputSchema } from '#shared/schemas/email.ts';
import { DEFAULT_PROPOSAL_TEMPLATE, PROPOSAL_TEMPLATE_ID } from '#shared/email/template.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { sqlState } from '#server/lib/database-errors.ts';
import { anyProposalExists } from '#server/modules/proposals/proposals.api.ts';
import * as repo from './templates.repository.ts';

type TemplateInput = z.output<typeof emailTemplateInputSchema>;

export const TEMPLATE_NOT_FOUND = 'Email template not found';
export const TEMPLATE_ID_TAKEN = 'A template with this Template ID already exists';
export const STALE_TEMPLATE = 'This email template was changed by someone else. Reload to see the latest.';
export const PROPOSAL_TEMPLATE_IN_USE =
  'The proposal-email template is used to send proposals: it cannot be deleted, only edited.';
export const PROPOSAL_TEMPLATE_ID_LOCKED =
  'The proposal-email template is used to send proposals: its Template ID cannot be changed.';

function toTemplate(row: repo.TemplateRow, inUse: boolean): EmailTemplate {
  return {
    id: row.id,
    templateId: row.templateId,
    title: row.title,
    body: row.body,
    version: row.version,
    protected: inUse && row.templateId === PROPOSAL_TEMPLATE_ID,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Inserts the proposal-email template when missing (start-up; never a migration, so it stays renumberable). */
export async function ensureDefaultTemplates(db: DbOrTx, now = new Date()): Promise<void> {
  await repo.insertTemplate(db, { ...DEFAULT_PROPOSAL_TEMPLATE, createdBy: null, createdAt: now });
}

export function createTemplatesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const taken = () => new AppError('CONFLICT', TEMPLATE_ID_TAKEN, { templateId: TEMPLATE_ID_TAKEN });

  return {
    async list(): Promise<EmailTemplate[]> {
      const inUse = await anyProposalExists(db);
      return (await repo.listTemplates(db)).map((r) => toTemplate(r, inUse));
    },

    async findByTemplateId(templateId: string): Promise<repo.TemplateRow | undefined> {
      return repo.findByTemplateId(db, templateId);
    },

    async create(input: TemplateInput, userId: number): Promise<EmailTemplate> {
      const row = await repo.insertTemplate(db, {
        templateId: input.templateId,
        title: input.title,
        body: input.body,
        createdBy: userId,
        createdAt: clock.now(),
      });
      if (!row) throw taken();
      return toTemplate(row, await anyProposalExists(db));
    },

    async update(id: number, input: TemplateInput): Promise<EmailTemplate> {
      const current = await repo.findTemplate(db, id);
      if (!current) throw notFound(TEMPLATE_NOT_FOUND);
      const inUse = await anyProposalExists(db);
      if (inUse && current.templateId === PROPOSAL_TEMPLATE_ID && input.templateId !== PROPOSAL_TEMPLATE_ID)
        throw new AppError('CONFLICT', PROPOSAL_TEMPLATE_ID_LOCKED, { templateId: PROPOSAL_TEMPLATE_ID_LOCKED });
      if (input.templateId !== current.templateId) {
        const other = await repo.findByTemplateId(db, input.templateId);
        if (other && other.id !== id) throw taken();
      }
      let row: repo.TemplateRow | undefined;
      try {
        row = await repo.updateTemplate(
          db,
          id,
          { templateId: input.templateId, title: input.title, body: input.body, updatedAt: clock.now() },
          input.version,
        );
      } catch (err) {
        // Two renames to one Template ID at once: the unique index decides.
        if (sqlState(err) === '23505') throw taken();
        throw err;
      }
      if (!row) {
        if (await repo.findTemplate(db, id)) throw new AppError('STALE_VERSION', STALE_TEMPLATE);
        throw notFound(TEMPLATE_NOT_FOUND);
      }
      return toTemplate(row, inUse);
    },

    async remove(id: number): Promise<void> {
      const current = await repo.findTemplate(db, id);
      if (!current) throw notFound(TEMPLATE_NOT_FOUND);
      if (current.templateId === PROPOSAL_TEMPLATE_ID && (await anyProposalExists(db)))
        throw conflict(PROPOSAL_TEMPLATE_IN_USE);
      if (!(await repo.deleteTemplate(db, id))) throw notFound(TEMPLATE_NOT_FOUND);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
