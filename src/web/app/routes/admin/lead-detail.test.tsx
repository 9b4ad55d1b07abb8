import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { setUpLeadDetail, serve, lead7, open, writes } from './lead-detail.test-helpers.tsx';

setUpLeadDetail();

describe('lead detail', () => {
  it('shows the lead: header, source badge, en-US 24-hour times, euros, and marks it seen once', async () => {
    const { calls } = serve(lead7({ quotedAmount: '23500.00', emailSource: 'comercial' }));
    open();
    expect(await screen.findByRole('heading', { name: 'Lead #AI-2026-0007' })).toBeInTheDocument();
    expect(screen.getByTestId('source-badge')).toHaveTextContent('Comercial');
    expect(screen.getByTestId('lead-created')).toHaveTextContent('Nov 20, 2026, 09:30');
    expect(screen.getByTestId('lead-last-interaction')).toHaveTextContent('Nov 21, 2026, 14:05');
    expect(screen.getByTestId('budget-badge')).toHaveTextContent('Budget €25 000');
    const quote = screen.getByTestId('quote-card');
    expect(quote).toHaveTextContent('€23 500');
    // The customer's stated budget, not the budget staff work with (€25 000 on the badge).
    expect(within(quote).getByText('Requested budget').nextElementSibling).toHaveTextContent('€22 000');
    expect(quote).not.toHaveTextContent('$');
    expect(await screen.findByText('No proposals yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /standvirtual|example\.com\/listing/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/seen'))).toHaveLength(1));
  });

  it('shows which ad brought the lead (utm_source), labelled, and nothing when there was none', async () => {
    serve(lead7({ origin: 'form', manual: false, utmSource: 'facebook_spring-campaign' }));
    const view = open();
    expect(await screen.findByTestId('lead-utm-source')).toHaveTextContent('facebook_spring-campaign');
    expect(screen.getByText('Ad source (utm_source)')).toBeInTheDocument();
    view.unmount();
    serve(lead7({ utmSource: null }));
    open();
    expect(await screen.findByRole('heading', { name: 'Lead #AI-2026-0007' })).toBeInTheDocument();
    expect(screen.queryByText('Ad source (utm_source)')).toBeNull();
  });

  it("status: Converted opens 'Create Import from Lead'; Cancel leaves the status unchanged and writes nothing", async () => {
    const { calls } = serve(lead7({ status: 'quoted' }));
    open();
    const trigger = await screen.findByTestId('lead-status');
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('option', { name: 'Converted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Import from Lead' });
    expect(within(dialog).getByLabelText('Client name *')).toHaveValue('Maria Silva');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('lead-status')).toHaveTextContent('Quoted');
    expect(writes(calls).filter((c) => !c.url.endsWith('/seen'))).toEqual([]);
  });

  it('hides the quote card when there is neither requested budget nor quoted amount', async () => {
    serve(lead7({ requestedBudget: null, quotedAmount: null }));
    open();
    await screen.findByRole('heading', { name: 'Lead #AI-2026-0007' });
    expect(screen.queryByTestId('quote-card')).toBeNull();
  });

  it("'Lead not found' with a way back on 404, and no seen call", async () => {
    const { calls } = serve(null);
    open(99);
    expect(await screen.findByRole('heading', { name: 'Lead not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to leads' })).toHaveAttribute('href', '/admin/leads');
    expect(calls.some((c) => c.url.endsWith('/seen'))).toBe(false);
  });

  it('a failed seen call is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(lead7(), (c) => (c.url.endsWith('/seen') ? json({ message: 'nope' }, 500) : undefined));
    open();
    await screen.findByRole('heading', { name: 'Lead #AI-2026-0007' });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(document.querySelector('[data-slot="toast"]')).toBeNull();
  });

  it('star toggle: Lead starred, then Lead unstarred; a failure toasts', async () => {
    let fail = false;
    serve(lead7(), (c) => (fail && c.url.endsWith('/star') ? json({ message: 'boom' }, 500) : undefined));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Star lead' }));
    await expectToast('Success', 'Lead starred');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unstar lead' })).toHaveAttribute('aria-pressed', 'true'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unstar lead' }));
    await expectToast('Success', 'Lead unstarred');
    fail = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Star lead' }));
    await expectToast('Error', 'Failed to toggle star: 500: boom');
  });

  it('phone dialog: Call, Text Message and WhatsApp with the normalised number', async () => {
    serve(lead7({ phone: '912 345 678' }));
    open();
    fireEvent.click(within(await screen.findByTestId('contact-phone')).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Contact Maria Silva' });
    expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+351912345678');
    expect(within(dialog).getByRole('link', { name: 'Text Message' })).toHaveAttribute('href', 'sms:+351912345678');
    const wa = within(dialog).getByRole('link', { name: 'WhatsApp' });
    expect(wa).toHaveAttribute('href', 'https://wa.me/351912345678');
    expect(wa).toHaveAttribute('target', '_blank');
  });

  it("duplicates: 'Possible duplicate of #ref' links to it; Merge confirms, posts and opens the survivor", async () => {
    const dup = {
      id: 3,
      reference: 'AI-2026-0003',
      firstName: 'Maria',
      lastName: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      matchedOn: 'phone' as const,
    };
    const { calls } = serve(lead7({ duplicates: [dup] }), (c) =>
      c.url === '/api/leads/7/merge' ? json({ leadId: 3, mergedReference: 'AI-2026-0007' }) : undefined,
    );
    const { router } = open();
    const notice = await screen.findByTestId('duplicate-notice');
    expect(notice).toHaveTextContent('Possible duplicate of #AI-2026-0003');
    expect(within(notice).getByRole('link', { name: '#AI-2026-0003' })).toHaveAttribute('href', '/admin/leads/3');
    fireEvent.click(within(notice).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge #AI-2026-0007 into #AI-2026-0003?' });
    expect(dialog).toHaveTextContent(
      'The newer lead #AI-2026-0007 moves its timeline, notes and proposals into the older lead #AI-2026-0003',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge leads' }));
    await expectToast('Success', 'Lead #AI-2026-0007 merged into #AI-2026-0003');
    expect(calls.find((c) => c.url.endsWith('/merge'))?.body).toEqual({ otherId: 3 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/leads/3'));
  });

  it("'Edit lead' opens the dialog with the lead; quoted amount left empty is not sent", async () => {
    const { calls } = serve(lead7());
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lead' });
    expect(within(dialog).getByLabelText('First name *')).toHaveValue('Maria');
    expect(within(dialog).getByLabelText('Budget (€)')).toHaveValue('25000');
    fireEvent.change(within(dialog).getByLabelText('Year'), {
      target: { value: String(new Date().getFullYear() + 2) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText(`Year must be ${new Date().getFullYear() + 1} or earlier`),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Year'), {
      target: { value: String(new Date().getFullYear() + 1) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Success', 'Lead updated successfully');
    const body = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('quotedAmount');
    expect(body).toMatchObject({
      firstName: 'Maria',
      vehicleYear: new Date().getFullYear() + 1,
      budget: 25000,
      status: 'requested',
      version: 1,
    });
  });
});
