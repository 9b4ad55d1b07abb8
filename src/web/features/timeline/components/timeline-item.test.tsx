import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { timelineEntrySchema, type TimelineEntry } from '#shared/schemas/timeline.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { TimelineItem } from './timeline-item.tsx';

const received = (over: Partial<TimelineEntry> = {}): TimelineEntry => ({
  id: 5,
  leadId: 7,
  type: 'email',
  kind: 'email_received',
  label: 'Email Received',
  title: 'Documentos',
  description: 'Segue o livrete e as fotos.',
  emailData: {
    from: 'Duarte <duarte@cliente.test>',
    to: 'geral@autoimport.test',
    subject: 'Documentos',
    body: 'Segue o livrete e as fotos.',
    attachments: [
      { id: 41, filename: 'livrete.pdf', contentType: 'application/pdf', size: 23 },
      { id: 42, filename: 'frente do carro.jpg', contentType: 'image/jpeg', size: 1_572_864 },
      { id: 43, filename: 'dados.bin', contentType: 'application/octet-stream', size: 2048 },
    ],
  },
  metadata: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: null,
  createdByName: null,
  editable: false,
  version: 1,
  ...over,
});

function show(entry: TimelineEntry, expanded = false) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ul>
        <TimelineItem entry={entry} expanded={expanded} onToggle={() => {}} onEdit={() => {}} onDelete={() => {}} />
      </ul>
    </QueryClientProvider>,
  );
}

describe('timeline item: e-mail attachments', () => {
  it('the answer schema accepts the attachments list', () => {
    expect(timelineEntrySchema.parse(received()).emailData?.attachments).toHaveLength(3);
  });

  it('lists each attachment with its name, a human size and a download link, even collapsed', () => {
    show(received());
    const list = screen.getByRole('list', { name: '3 attachments' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/api/mail/attachments/41',
      '/api/mail/attachments/42',
      '/api/mail/attachments/43',
    ]);
    expect(links.map((a) => a.textContent)).toEqual([
      'livrete.pdf23 B',
      'frente do carro.jpg1.5 MB',
      'dados.bin2.0 KB',
    ]);
    expect(links[1]).toHaveAttribute('download', 'frente do carro.jpg');
    // Accessible names say what the link does; the icons are hidden from assistive technology.
    expect(screen.getByRole('link', { name: 'Download livrete.pdf (23 B)' })).toBeInTheDocument();
    for (const a of links)
      for (const svg of a.querySelectorAll('svg')) expect(svg).toHaveAttribute('aria-hidden', 'true');
    // The links are not inside the toggle button (interactive content cannot nest).
    for (const a of links) expect(a.closest('button')).toBeNull();
  });

  it('says "1 attachment" for one file, and shows nothing for an e-mail without any', () => {
    const one = received();
    one.emailData = { ...one.emailData, attachments: one.emailData!.attachments!.slice(0, 1) };
    show(one, true);
    expect(screen.getByRole('list', { name: '1 attachment' })).toBeInTheDocument();
    expect(screen.getAllByTestId('email-attachment')).toHaveLength(1);
  });

  it('an e-mail without attachments has no attachment list', () => {
    show(received({ id: 6, emailData: { from: 'a@b.test', subject: 'Olá', body: 'Olá' } }), true);
    expect(screen.queryByTestId('email-attachments')).toBeNull();
    expect(screen.getByTestId('email-body')).toHaveTextContent('Olá');
  });
});

describe('timeline item: a sent e-mail that bounced', () => {
  it("shows 'Bounced' with the reason in plain words, and no Retry", () => {
    show(
      received({
        id: 9,
        kind: 'email_sent',
        label: 'Email Sent',
        title: 'Re: Pedido',
        emailData: {
          from: 'geral@autoimport.test',
          to: 'nobody@cliente.test',
          subject: 'Re: Pedido',
          isOutgoing: true,
        },
        metadata: {
          delivery: {
            outboxId: 3,
            status: 'failed',
            bounced: true,
            error: 'Mailbox does not exist. The receiving server said: 550 5.1.1 User unknown',
          },
        },
      }),
    );
    const status = screen.getByTestId('delivery-status');
    expect(status).toHaveAttribute('data-status', 'bounced');
    expect(status).toHaveTextContent('Bounced');
    expect(status).toHaveTextContent('Mailbox does not exist. The receiving server said: 550 5.1.1 User unknown');
    expect(within(status).queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});
