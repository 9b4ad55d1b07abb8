import { describe, expect, it } from 'vitest';
import { bounceDetails, parseMessage, robotKind, statusInWords } from './mail-message.ts';
import { findListingLink, findPhone, findReference } from '#shared/text/free-text-numbers.ts';
import { deliveryReport } from './mail.test-helpers.ts';

const raw = (headers: string, body = 'Olá') => Buffer.from(`${headers}\r\nSubject: s\r\n\r\n${body}\r\n`);
const kind = async (headers: string) => robotKind(await parseMessage(raw(headers)), ['geral@empresa.pt']);

describe('robotKind: headers decide who is a person', () => {
  it('a person writing is no robot', async () => {
    expect(await kind('From: Ana <ana@x.pt>\r\nReturn-Path: <ana@x.pt>')).toBeNull();
  });
  it('our own address, bounces, auto-replies and bulk mail are robots, in that order', async () => {
    expect(await kind('From: geral@empresa.pt\r\nAuto-Submitted: auto-replied')).toBe('self');
    expect(await kind('From: a@x.pt\r\nReturn-Path: <>')).toBe('bounce');
    expect(await kind('From: MAILER-DAEMON@mx.x.pt')).toBe('bounce');
    expect(await kind('From: a@x.pt\r\nX-Failed-Recipients: b@y.pt')).toBe('bounce');
    expect(await kind('From: a@x.pt\r\nAuto-Submitted: auto-replied')).toBe('auto');
    expect(await kind('From: a@x.pt\r\nAuto-Submitted: no')).toBeNull();
    expect(await kind('From: a@x.pt\r\nPrecedence: auto_reply')).toBe('auto');
    expect(await kind('From: a@x.pt\r\nX-Auto-Response-Suppress: All')).toBe('auto');
    expect(await kind('From: a@x.pt\r\nList-Unsubscribe: <mailto:u@x.pt>')).toBe('bulk');
    expect(await kind('From: a@x.pt\r\nPrecedence: bulk')).toBe('bulk');
    expect(await kind('From: noreply@loja.pt')).toBe('bulk');
    expect(await kind('From: notifications@github.test')).toBe('bulk');
  });
});

describe('what a message carries', () => {
  it('finds a phone of 9 to 15 digits, not dates, prices or ids', () => {
    expect(findPhone('Ligue para +351 912 345 678, obrigado')).toBe('+351 912 345 678');
    expect(findPhone('telemóvel 912345678')).toBe('912345678');
    expect(findPhone('0049 171 2345678')).toBe('0049 171 2345678');
    expect(findPhone('Preço 25.000 € em 2024-05-01')).toBeNull();
  });
  it('finds the first marketplace listing link, ignoring other links', () => {
    expect(
      findListingLink('veja https://example.com/x e https://suchen.mobile.de/fahrzeuge/details.html?id=123.'),
    ).toBe('https://suchen.mobile.de/fahrzeuge/details.html?id=123');
    expect(findListingLink('https://example.com/carro')).toBeNull();
  });
  it('finds a reference with a digit after Ref / Referência / Reference', () => {
    expect(findReference('Pedido Ref: AB1234')).toBe('AB1234');
    expect(findReference('Referência n.º l10042 do site')).toBe('L10042');
    expect(findReference('reference #X1Y2')).toBe('X1Y2');
    expect(findReference('Refrigerante')).toBeNull();
    expect(findReference('Ref: CARRO')).toBeNull();
  });
  it('normalises ids: brackets kept, References newest first, a stable id when Message-ID is missing', async () => {
    const m = await parseMessage(
      raw('From: a@x.pt\r\nMessage-ID: <m3@x>\r\nIn-Reply-To: <m2@x>\r\nReferences: <m1@x> <m2@x>'),
    );
    expect(m).toMatchObject({ messageId: '<m3@x>', inReplyTo: ['<m2@x>'], references: ['<m2@x>', '<m1@x>'] });
    const a = await parseMessage(raw('From: a@x.pt\r\nDate: Tue, 1 Dec 2026 10:00:00 +0000'));
    const b = await parseMessage(raw('From: a@x.pt\r\nDate: Tue, 1 Dec 2026 10:00:00 +0000'));
    expect(a.messageId).toMatch(/^x-[0-9a-f]{40}$/);
    expect(a.messageId).toBe(b.messageId);
  });
});

describe('bounceDetails: what a delivery report says, in plain words', () => {
  const report = (over: Partial<Parameters<typeof deliveryReport>[0]> = {}) =>
    parseMessage(
      Buffer.from(
        deliveryReport({
          to: 'geral@example.test',
          messageId: '<dsn-1@mx.cliente.test>',
          original: '<sent-1@example.test>',
          recipient: 'nobody@cliente.test',
          ...over,
        }),
      ),
    );

  it('finds the returned Message-ID, the recipient and the reason (headers part or the whole message)', async () => {
    for (const returned of ['text/rfc822-headers', 'message/rfc822'] as const) {
      const msg = await report({ returned });
      expect(robotKind(msg, ['geral@example.test'])).toBe('bounce');
      expect(bounceDetails(msg)).toEqual({
        originalIds: ['<sent-1@example.test>'],
        recipient: 'nobody@cliente.test',
        status: '5.1.1',
        diagnostic:
          '550 5.1.1 <nobody@cliente.test>: Recipient address rejected: User unknown in local recipient table',
        reason:
          'Mailbox does not exist. The receiving server said: 550 5.1.1 <nobody@cliente.test>: Recipient address rejected: User unknown in local recipient table',
      });
    }
  });

  it('a delay notice is no bounce; a transient status that finally failed is', async () => {
    expect(bounceDetails(await report({ action: 'delayed', status: '4.4.1' }))).toBeNull();
    const gaveUp = bounceDetails(
      await report({ action: 'failed', status: '4.4.7', diagnostic: 'delivery temporarily suspended' }),
    );
    expect(gaveUp?.reason).toBe('Delivery timed out. The receiving server said: delivery temporarily suspended');
  });

  it('a plain bounce without a report is matched by the ids it threads under', async () => {
    const msg = await parseMessage(
      raw(
        'From: MAILER-DAEMON@old.test\r\nReturn-Path: <>\r\nIn-Reply-To: <sent-2@example.test>\r\nMessage-ID: <b2@old.test>',
        'Your message could not be delivered.',
      ),
    );
    expect(bounceDetails(msg)).toMatchObject({ originalIds: ['<sent-2@example.test>'], reason: 'Delivery failed.' });
  });

  it('says each common status in words', () => {
    expect(statusInWords('5.1.1')).toBe('Mailbox does not exist');
    expect(statusInWords('5.1.2')).toBe('The recipient’s domain does not exist');
    expect(statusInWords('5.2.2')).toBe('Mailbox is full');
    expect(statusInWords('4.2.2')).toBe('Mailbox is full');
    expect(statusInWords('5.7.1')).toMatch(/^The recipient’s server refused the message/);
    expect(statusInWords('5.9.9')).toBe('Delivery failed');
    expect(statusInWords(null)).toBe('Delivery failed');
  });
});
