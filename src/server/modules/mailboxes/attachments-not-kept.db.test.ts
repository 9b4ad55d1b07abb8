import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { insertLead } from '#test/factories.ts';
import { createTestDatabase } from '#test/test-db.ts';
import { tooLargeReason } from './attachments-not-kept.ts';
import { importMessage } from './mail-import.ts';
import type { IncomingMessage } from './mail-message.ts';

const LIMIT = 25 * 1024 * 1024;

/** Issue 31: an attachment over 25 MB was dropped in silence; now its entry says which and why (ADR 064). */
describe('an attachment too large to keep is named on its timeline entry', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps the small file, lists the large one with its size and the reason', async () => {
    const lead = await insertLead(database.db, { email: 'nuno@cliente.test' });
    const msg: IncomingMessage = {
      messageId: '<big-1@cliente.test>',
      inReplyTo: [],
      references: [],
      from: { address: 'nuno@cliente.test', name: 'Nuno' },
      replyTo: null,
      to: [{ address: 'geral@example.test', name: '' }],
      cc: [],
      subject: 'Vídeo do carro',
      date: new Date('2026-11-01T10:00:00Z'),
      text: 'Segue o vídeo e a fatura.',
      attachments: [
        { filename: 'video.mp4', contentType: 'video/mp4', content: Buffer.alloc(LIMIT + 1) },
        { filename: 'fatura.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
      ],
      headers: new Map(),
      contentType: 'multipart/mixed',
      reportParts: [],
    };
    const res = await database.db.transaction((tx) =>
      importMessage(tx, msg, {
        account: 'geral',
        companyAddresses: ['geral@example.test'],
        providerKey: 'imap:1:7',
        threadKey: null,
        now: new Date('2026-11-01T10:01:00Z'),
      }),
    );
    expect(res).toMatchObject({ outcome: 'timeline', leadId: lead.id });
    const [entry] = (
      (await database.db.execute(
        sql`select id, metadata from lead_timeline where message_id = '<big-1@cliente.test>'`,
      )) as unknown as { rows: Array<{ id: number; metadata: unknown }> }
    ).rows;
    expect(entry!.metadata).toEqual({
      attachmentsNotKept: [{ filename: 'video.mp4', size: LIMIT + 1, reason: tooLargeReason(LIMIT + 1, LIMIT) }],
    });
    expect(tooLargeReason(LIMIT + 1, LIMIT)).toBe(
      'Not kept: 25,0 MB is over the 25 MB limit for attachments. Ask the sender for a link or a smaller file.',
    );
    const kept = (
      (await database.db.execute(
        sql`select filename from mail_attachments where timeline_id = ${entry!.id}`,
      )) as unknown as { rows: Array<{ filename: string }> }
    ).rows;
    expect(kept).toEqual([{ filename: 'fatura.pdf' }]);
  });
});
