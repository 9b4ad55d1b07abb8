import { describe, expect, it } from 'vitest';
import { findListingLink, findPhone, findReference, htmlToText, parseMessage, robotKind } from './mail-message.ts';

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
  it('reads HTML-only mail as text: no tags, no scripts, links kept in words', () => {
    expect(htmlToText('<p>Olá <b>Ana</b></p><script>alert(1)</script><a href="https://x.pt/a">anúncio</a>&amp;')).toBe(
      'Olá Ana\nanúncio (https://x.pt/a)&',
    );
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
