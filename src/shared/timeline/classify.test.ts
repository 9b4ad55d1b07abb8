import { describe, expect, it } from 'vitest';
import { addressesIn, classifyTimelineEntry, isOutgoingEmail, timelineLabel, timelineSummary } from './classify.ts';

const COMPANY = ['geral@autoimport.pt', 'Comercial@AutoImport.pt'];
const email = (emailData: Record<string, unknown>, description: string | null = null) => ({
  type: 'email' as const,
  description,
  emailData,
});

describe('timeline classification', () => {
  it('reads bare addresses out of header values', () => {
    expect(addressesIn('Ana Silva <Ana.Silva@Example.pt>, rui@example.pt')).toEqual([
      'ana.silva@example.pt',
      'rui@example.pt',
    ]);
    expect(addressesIn('"Costa, Rui" <rui@example.pt>')).toEqual(['rui@example.pt']);
    expect(addressesIn(undefined)).toEqual([]);
  });

  it('is outgoing when flagged, whatever the addresses', () => {
    expect(isOutgoingEmail({ from: 'ana@example.pt', to: 'geral@autoimport.pt', isOutgoing: true }, COMPANY)).toBe(
      true,
    );
  });

  it('is outgoing from a company mailbox to a customer, case-insensitively, with display names', () => {
    expect(isOutgoingEmail({ from: 'AutoImport <GERAL@autoimport.pt>', to: 'Ana <ana@example.pt>' }, COMPANY)).toBe(
      true,
    );
    expect(
      isOutgoingEmail({ from: 'comercial@autoimport.pt', to: 'geral@autoimport.pt, ana@example.pt' }, COMPANY),
    ).toBe(true);
  });

  it('is incoming from a customer, between the two company mailboxes, or without recipients', () => {
    expect(isOutgoingEmail({ from: 'ana@example.pt', to: 'geral@autoimport.pt' }, COMPANY)).toBe(false);
    expect(isOutgoingEmail({ from: 'geral@autoimport.pt', to: 'comercial@autoimport.pt' }, COMPANY)).toBe(false);
    expect(isOutgoingEmail({ from: 'geral@autoimport.pt' }, COMPANY)).toBe(false);
    expect(isOutgoingEmail({ from: 'geral@autoimport.pt', to: 'ana@example.pt', isOutgoing: false }, [])).toBe(false);
    expect(isOutgoingEmail(null, COMPANY)).toBe(false);
  });

  it('classifies outgoing mail with a proposal link as proposal, other outgoing as sent, the rest as received', () => {
    const out = { from: 'geral@autoimport.pt', to: 'ana@example.pt' };
    expect(
      classifyTimelineEntry(
        email({ ...out, body: '<a href="https://autoimport.pt/proposta/abc-123">Ver</a>' }),
        COMPANY,
      ),
    ).toBe('proposal');
    expect(
      classifyTimelineEntry(email({ ...out, body: 'See https://autoimport.pt/proposals/Xy_9 please' }), COMPANY),
    ).toBe('proposal');
    expect(classifyTimelineEntry(email({ ...out, body: 'Obrigado pelo contacto' }), COMPANY)).toBe('email_sent');
    expect(classifyTimelineEntry(email({ ...out, body: 'the word /proposta/ without a link' }), COMPANY)).toBe(
      'email_sent',
    );
    // An incoming reply quoting our proposal link is still received.
    expect(
      classifyTimelineEntry(
        email({ from: 'ana@example.pt', to: 'geral@autoimport.pt', body: 'https://autoimport.pt/proposta/abc' }),
        COMPANY,
      ),
    ).toBe('email_received');
    expect(classifyTimelineEntry({ type: 'email', emailData: null }, COMPANY)).toBe('email_received');
  });

  it('classifies calls and chats by type, with their labels', () => {
    expect(classifyTimelineEntry({ type: 'call' }, COMPANY)).toBe('call');
    expect(classifyTimelineEntry({ type: 'chat' }, COMPANY)).toBe('chat');
    expect(['proposal', 'email_sent', 'email_received', 'call', 'chat'].map((k) => timelineLabel(k as never))).toEqual([
      'Proposal',
      'Email Sent',
      'Email Received',
      'Phone Call',
      'Text/WhatsApp',
    ]);
  });
});

describe('timeline summaries', () => {
  it('cuts an e-mail description at 100 characters and falls back to the subject', () => {
    expect(timelineSummary(email({}, 'a'.repeat(100)))).toBe('a'.repeat(100));
    expect(timelineSummary(email({}, 'b'.repeat(101)))).toBe(`${'b'.repeat(100)}...`);
    expect(timelineSummary(email({ subject: 'Proposta BMW' }))).toBe('Proposta BMW');
  });

  it('shows the first line of a call or chat, at most 80 characters (77 plus an ellipsis)', () => {
    expect(timelineSummary({ type: 'call', description: 'Called back\nSecond line' })).toBe('Called back');
    expect(timelineSummary({ type: 'chat', description: 'c'.repeat(80) })).toBe('c'.repeat(80));
    const cut = timelineSummary({ type: 'chat', description: `${'d'.repeat(81)}\nmore` });
    expect(cut).toBe(`${'d'.repeat(77)}...`);
    expect(cut).toHaveLength(80);
    expect(timelineSummary({ type: 'call', description: null })).toBe('');
  });

  it('classifies what the product wrote by its event, whatever the type, with its label', () => {
    const cases = [
      ['proposal_viewed', 'proposal_viewed', 'Proposal Viewed'],
      ['quote_request', 'quote_request', 'Quote Request'],
      ['quoted_by_proposal', 'status_change', 'Status Change'],
    ] as const;
    for (const [event, kind, label] of cases) {
      for (const type of ['chat', 'call', 'email'] as const) {
        expect(classifyTimelineEntry({ type, metadata: { event }, emailData: { isOutgoing: true } }, COMPANY)).toBe(
          kind,
        );
      }
      expect(timelineLabel(kind)).toBe(label);
    }
  });
});
