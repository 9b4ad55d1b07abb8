import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { buildRaw } from './mailbox-sender.ts';

const mail = (subject: string) => ({
  account: 'geral' as const,
  to: 'cliente@example.test',
  subject,
  text: 'Olá',
  html: '<p>Olá</p>',
  messageId: '<m1@example.test>',
  inReplyTo: null,
  references: null,
});

// Header values from settings are encoded at send (issue 31): a company name saved with a line
// break before the rule existed must not strip the sender address or add a header.
describe('buildRaw: header values are one line', () => {
  it('keeps the sender address when the company name has a line break', async () => {
    const raw = await buildRaw(mail('Pedido L1'), {
      address: 'geral@example.test',
      name: 'AutoImport\r\nBcc: victim@example.test',
    });
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value).toEqual([
      { address: 'geral@example.test', name: 'AutoImport Bcc: victim@example.test' },
    ]);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(raw.toString()).not.toMatch(/^Bcc:/im);
  });

  it('keeps a subject with a line break on one line', async () => {
    const raw = await buildRaw(mail('Pedido\r\nBcc: victim@example.test'), { address: 'geral@example.test' });
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Pedido Bcc: victim@example.test');
    expect(parsed.headers.has('bcc')).toBe(false);
  });
});
