import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { emailTemplates } from '#server/db/schema/messaging.ts';

export type TemplateRow = typeof emailTemplates.$inferSelect;
export type TemplateValues = Pick<TemplateRow, 'templateId' | 'title' | 'body'>;

export function listTemplates(db: DbOrTx): Promise<TemplateRow[]> {
  return db.select().from(emailTemplates).orderBy(asc(emailTemplates.title), asc(emailTemplates.id));
}

export async function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id)).limit(1);
  return row;
}

export async function findByTemplateId(db: DbOrTx, templateId: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.templateId, templateId)).limit(1);
  return row;
}

export async function insertTemplate(
  db: DbOrTx,
  values: TemplateValues & { createdBy: number | null; createdAt: Date },
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .insert(emailTemplates)
    .values({ ...values, updatedAt: values.createdAt })
    .onConflictDoNothing({ target: emailTemplates.templateId })
    .returning();
  return row;
}

/** Optimistic update: undefined when the row is gone or its version moved on. */
export async function updateTemplate(
  db: DbOrTx,
  id: number,
  values: TemplateValues & { updatedAt: Date },
  expectedVersion: number | undefined,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, version: sql`${emailTemplates.version} + 1` })
    .where(
      and(
        eq(emailTemplates.id, id),
        expectedVersion === undefined ? undefined : eq(emailTemplates.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteTemplate(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id });
  return rows.length === 1;
}
