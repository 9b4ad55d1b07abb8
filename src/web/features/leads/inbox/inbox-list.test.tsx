import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem } from '#shared/schemas/inbox.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { InboxList } from './inbox-list.tsx';
import { waitedTooLong, waitingTime } from './waiting-time.ts';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function item(over: Partial<InboxItem> = {}): InboxItem {
  return {
    leadId: 7,
    reference: 'L10007',
    name: 'Rita Sousa',
    email: 'rita@cliente.pt',
    status: 'quoted',
    assignedTo: null,
    ownerName: null,
    mailbox: 'geral',
    waitingSince: ago(3 * HOUR),
    lastMessageAt: ago(3 * HOUR),
    subject: 'O BMW ainda está disponível?',
    preview: 'Bom dia, posso ir vê-lo no sábado?',
    unread: true,
    version: 4,
    ...over,
  };
}

const OWNERS = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Bruno' },
];

describe('InboxList', () => {
  it('shows each waiting conversation: who, reference, mailbox, how long, subject and first lines', async () => {
    stubFetch({
      'GET /api/inbox': {
        items: [
          item(),
          item({ leadId: 8, reference: 'L10008', name: 'Paulo', unread: false, waitingSince: ago(30 * HOUR) }),
        ],
        nextCursor: null,
      },
      'GET /api/lead-owners': OWNERS,
    });
    renderWithProviders(<InboxList meId={1} onReply={() => {}} />, { path: '/admin/inbox' });

    const rita = await screen.findByRole('listitem', { name: 'Rita Sousa, L10007, unread' });
    expect(within(rita).getByRole('link', { name: 'Rita Sousa' })).toHaveAttribute('href', '/admin/leads/7');
    expect(within(rita).getByText('Geral')).toBeInTheDocument();
    expect(within(rita).getByText('waiting 3 h')).toBeInTheDocument();
    expect(within(rita).getByText('O BMW ainda está disponível?')).toBeInTheDocument();
    expect(within(rita).getByText('Bom dia, posso ir vê-lo no sábado?')).toBeInTheDocument();
    const paulo = screen.getByRole('listitem', { name: 'Paulo, L10008' });
    expect(within(paulo).getByText('waiting 30 h')).toBeInTheDocument();
  });

  it('asks the server for the chosen filter and says so when nothing waits', async () => {
    const calls = stubFetch({
      'GET /api/inbox': (call) =>
        call.query.get('filter') === 'all' ? { items: [item()], nextCursor: null } : { items: [], nextCursor: null },
      'GET /api/lead-owners': OWNERS,
    });
    renderWithProviders(<InboxList meId={1} onReply={() => {}} />, { path: '/admin/inbox' });
    await screen.findByRole('listitem', { name: /Rita Sousa/ });
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Mine' }));
    expect(
      await screen.findByText('Nothing waits for you: every customer who wrote to one of your leads has an answer.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unassigned' }));
    expect(await screen.findByText('No unassigned conversation waits for an answer.')).toBeInTheDocument();
    const filters = calls.filter((c) => c.path === '/api/inbox').map((c) => c.query.get('filter'));
    expect(filters).toEqual(['all', 'mine', 'unassigned']);
  });

  it('Done marks the conversation handled on the server and says so; Reply hands the row to the screen', async () => {
    const onReply = vi.fn();
    const calls = stubFetch({
      'GET /api/inbox': { items: [item()], nextCursor: null },
      'GET /api/lead-owners': OWNERS,
      'POST /api/inbox/7/done': { ok: true },
    });
    renderWithProviders(<InboxList meId={1} onReply={onReply} />, { path: '/admin/inbox' });
    const row = await screen.findByRole('listitem', { name: /Rita Sousa/ });

    fireEvent.click(within(row).getByRole('button', { name: 'Reply' }));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ leadId: 7, email: 'rita@cliente.pt' }));

    fireEvent.click(within(row).getByRole('button', { name: 'Done' }));
    await expectToast('Success', 'Rita Sousa marked as done');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/inbox/7/done')).toBe(true);
  });

  it('a conversation without an e-mail address cannot be replied to; a failed Done says why', async () => {
    stubFetch({
      'GET /api/inbox': { items: [item({ email: null })], nextCursor: null },
      'GET /api/lead-owners': OWNERS,
      'POST /api/inbox/7/done': json({ code: 'NOT_FOUND', message: 'Lead not found' }, 404),
    });
    renderWithProviders(<InboxList meId={1} onReply={() => {}} />, { path: '/admin/inbox' });
    const row = await screen.findByRole('listitem', { name: /Rita Sousa/ });
    expect(within(row).getByRole('button', { name: 'Reply' })).toBeDisabled();
    fireEvent.click(within(row).getByRole('button', { name: 'Done' }));
    await expectToast('Error', 'Failed to mark as done: 404: Lead not found');
  });
});

describe('waitingTime', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('reads in the largest whole unit that fits, never "0 min"', () => {
    expect(waitingTime(before(20_000), now)).toBe('under a minute');
    expect(waitingTime(before(5 * 60_000), now)).toBe('5 min');
    expect(waitingTime(before(3 * HOUR), now)).toBe('3 h');
    expect(waitingTime(before(47 * HOUR), now)).toBe('47 h');
    expect(waitingTime(before(72 * HOUR), now)).toBe('3 d');
    expect(waitingTime(new Date(now.getTime() + 60_000).toISOString(), now)).toBe('under a minute'); // clock skew
  });

  it('a day or more of waiting is too long', () => {
    expect(waitedTooLong(before(23 * HOUR), now)).toBe(false);
    expect(waitedTooLong(before(24 * HOUR), now)).toBe(true);
  });
});
