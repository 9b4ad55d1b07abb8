import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { TimelineCard } from './timeline-card.tsx';

type Delivery = NonNullable<NonNullable<TimelineEntry['metadata']>['delivery']>;

/** An e-mail staff sent from the lead, in the given outbox state. */
const sent = (id: number, delivery: Delivery): TimelineEntry => ({
  id,
  leadId: 7,
  type: 'email',
  kind: 'email_sent',
  label: 'Email Sent',
  title: `Assunto ${id}`,
  description: null,
  emailData: {
    from: 'geral@autoimport.pt',
    to: 'maria@example.com',
    subject: `Assunto ${id}`,
    body: '<p>Olá</p>',
    isOutgoing: true,
  },
  metadata: { delivery },
  createdAt: `2026-11-2${id}T10:00:00.000Z`,
  createdBy: 1,
  createdByName: 'Ana',
  editable: false,
  version: 1,
});

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

function setup(
  entries: TimelineEntry[],
  retry: () => Response = () =>
    json({ outboxId: 31, timelineId: 3, messageId: '<m@autoimport.pt>', status: 'queued', error: null }, 202),
) {
  const calls = stubFetch((call) => {
    if (call.method === 'GET') return json(entries);
    if (call.method === 'POST' && call.path === '/api/email-outbox/31/retry') return retry();
    return undefined;
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TimelineCard leadId={7} />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}
const entryTitled = async (title: string) =>
  (await screen.findAllByTestId('timeline-entry')).find((e) => within(e).queryAllByText(title).length > 0)!;

describe('a sent e-mail on the timeline: queued, sent, failed with Retry', () => {
  it('queued shows it waits (and the last attempt), sent shows nothing extra but a Sent-copy warning', async () => {
    setup([
      sent(1, { outboxId: 11, status: 'queued', error: null }),
      sent(2, { outboxId: 21, status: 'queued', error: 'connect ECONNREFUSED 127.0.0.1:587' }),
      sent(3, { outboxId: 31, status: 'sent', error: null, warning: null }),
      sent(4, { outboxId: 41, status: 'sent', warning: 'Sent, but the copy could not be filed in the Sent folder: x' }),
    ]);
    const waiting = await entryTitled('Assunto 1');
    expect(within(waiting).getByTestId('delivery-status')).toHaveAttribute('data-status', 'queued');
    expect(within(waiting).getByText('Queued')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting to be sent')).toBeInTheDocument();
    const retrying = await entryTitled('Assunto 2');
    expect(
      within(retrying).getByText('Will retry automatically. Last attempt: connect ECONNREFUSED 127.0.0.1:587'),
    ).toBeInTheDocument();
    expect(within(await entryTitled('Assunto 3')).queryByTestId('delivery-status')).toBeNull();
    expect(within(await entryTitled('Assunto 4')).getByTestId('delivery-warning')).toHaveTextContent(
      'Sent, but the copy could not be filed in the Sent folder: x',
    );
  });

  it('failed shows the reason and Retry, which queues it again', async () => {
    const calls = setup([sent(3, { outboxId: 31, status: 'failed', error: '550 5.1.1 Mailbox unknown' })]);
    const failed = await entryTitled('Assunto 3');
    const status = within(failed).getByTestId('delivery-status');
    expect(status).toHaveAttribute('data-status', 'failed');
    expect(within(status).getByText('Failed')).toBeInTheDocument();
    expect(within(status).getByText('550 5.1.1 Mailbox unknown')).toBeInTheDocument();
    fireEvent.click(within(status).getByRole('button', { name: 'Retry' }));
    await expectToast('Success', 'Email queued to be sent again');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/email-outbox/31/retry']);
  });

  it('a refused Retry says why', async () => {
    setup([sent(3, { outboxId: 31, status: 'failed', error: 'timeout' })], () =>
      json({ code: 'CONFLICT', message: 'Only an email that failed can be retried' }, 409),
    );
    const failed = await entryTitled('Assunto 3');
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        screen.getByText(/Only an email that failed can be retried/, { selector: '[data-slot="toast-description"]' }),
      ).toBeInTheDocument(),
    );
  });
});
