import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GmailStatus, MailboxStatus } from '#shared/schemas/mailboxes.ts';
import { stubFetch } from '#test/web/fetch-stub.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { MailboxesCard } from './mailboxes-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const box = (account: MailboxStatus['account'], over: Partial<MailboxStatus> = {}): MailboxStatus => ({
  account,
  isAuthenticated: false,
  provider: null,
  address: null,
  imap: null,
  smtp: null,
  username: null,
  state: 'not_connected',
  lastSyncAt: null,
  lastSuccessAt: null,
  lastError: null,
  messagesImported: 0,
  messagesIgnored: 0,
  stale: false,
  ...over,
});

const status = (active: boolean, everyMinutes: number): GmailStatus => ({
  geral: box('geral', active ? { isAuthenticated: true, state: 'connected', address: 'geral@example.pt' } : {}),
  comercial: box('comercial'),
  monitoring: { active, everyMinutes },
  google: { available: false, reason: null },
});

describe('mailboxes card: monitoring status (spec: Active/Inactive; checks every 5 minutes)', () => {
  it('shows Active with the poll interval while a mailbox is connected and the poller runs', async () => {
    stubFetch({ 'GET /api/gmail/status': status(true, 5) });
    renderWithProviders(<MailboxesCard />);
    expect(await screen.findByTestId('mailbox-monitoring')).toHaveTextContent(/^Active$/);
    expect(screen.getByTestId('mailbox-poll-interval')).toHaveTextContent(/^every 5 minutes$/);
  });

  it("shows Inactive otherwise, and 'every 1 minute' in the singular", async () => {
    stubFetch({ 'GET /api/gmail/status': status(false, 1) });
    renderWithProviders(<MailboxesCard />);
    expect(await screen.findByTestId('mailbox-monitoring')).toHaveTextContent(/^Inactive$/);
    expect(screen.getByTestId('mailbox-poll-interval')).toHaveTextContent(/^every 1 minute$/);
  });
});
