import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildLeadPage } from '#test/web/fixtures.ts';
import { expectToast } from '#test/web/toasts.ts';
import { setUpLeadsScreen, renderScreen, listCalls, LEADS } from './leads.test-helpers.tsx';

setUpLeadsScreen();

describe('Leads list', () => {
  it("'Mark all as read' toasts the count, or the failure", async () => {
    let fail = false;
    const calls = stubFetch(({ path, method }) => {
      if (method === 'POST' && path === '/api/leads/mark-all-seen')
        return fail ? json({ message: 'Database unavailable' }, 500) : json({ count: 4 });
      return json(buildLeadPage(LEADS));
    });
    renderScreen();
    await screen.findByText('Nova Lead');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await expectToast('All Leads Marked as Read', 'Marked 4 leads as read');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2)); // the list refetched

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await expectToast('Error', 'Failed to mark all leads as read: 500: Database unavailable');
  });

  it('Check e-mails shows what was found, and the spec titles for not connected, too soon and other failures', async () => {
    let answer: Response = json({ message: 'Found 2 new leads and 1 message added to existing leads.', results: [] });
    const calls = stubFetch((call) => (call.path === '/api/gmail/check' ? answer : json(buildLeadPage([]))));
    renderScreen();
    expect(await screen.findByText('No leads found')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Check e-mails' });
    fireEvent.click(button);
    await expectToast('Email Check Complete', 'Found 2 new leads and 1 message added to existing leads.');
    expect(calls.filter((c) => c.path === '/api/gmail/check' && c.method === 'POST')).toHaveLength(1);

    answer = json(
      { message: 'Gmail not connected: connect the Geral or Comercial mailbox in Settings first.', code: 'VALIDATION' },
      400,
    );
    fireEvent.click(button);
    await expectToast(
      'Gmail Not Connected',
      'Gmail not connected: connect the Geral or Comercial mailbox in Settings first.',
    );
    answer = json({ message: 'Please wait 17 seconds before checking again.', code: 'RATE_LIMITED' }, 429);
    fireEvent.click(button);
    await expectToast('Please Wait', 'Please wait 17 seconds before checking again');
    answer = json({ message: 'Geral: server unreachable', code: 'BAD_GATEWAY' }, 502);
    fireEvent.click(button);
    await expectToast('Error', 'Failed to check emails: Geral: server unreachable');
  });

  it('Import lead by reference asks for the reference, then opens the new lead or says why it failed', async () => {
    let answer: Response = json({ message: 'No e-mail carrying reference QQ1 was found', code: 'NOT_FOUND' }, 404);
    stubFetch((call) => (call.path === '/api/gmail/import-lead' ? answer : json(buildLeadPage([]))));
    const r = renderScreen();
    await screen.findByText('No leads found');
    fireEvent.click(screen.getByRole('button', { name: 'Import lead by reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Lead by Reference' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Reference number is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reference number'), { target: { value: 'QQ1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await expectToast('Import Failed', 'No e-mail carrying reference QQ1 was found');
    answer = json({ message: 'Lead AB12 was created from the e-mail.', leadId: 42, reference: 'AB12', created: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await expectToast('Import Complete', 'Lead Created: AB12');
    await waitFor(() => expect(r.state.location.pathname).toBe('/admin/leads/42'));
  });
});
