import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '#shared/schemas/leads.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { LeadDetailScreen } from './lead-detail.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STALE = { code: 'STALE_VERSION', message: 'This lead was changed by someone else. Reload to see the latest.' };

/**
 * A fake server holding one lead: GET, PUT (merged into the lead, version + 1; a PUT naming another
 * version answers 409 as the server does, ADR 022), seen, star, timeline, proposals. `saveElsewhere`
 * is another user's save.
 */
function serve(initial: Lead | null, overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let lead = initial;
  const calls = stubFetch((call) => {
    const custom = overrides(call);
    if (custom) return custom;
    if (!lead) return json({ message: 'Lead not found' }, 404);
    const base = `/api/leads/${lead.id}`;
    if (call.method === 'GET' && call.url === base) return json(lead);
    if (call.method === 'GET' && call.url === `${base}/timeline`) return json([]);
    if (call.method === 'GET' && call.url === `${base}/proposals`) return json([]);
    if (call.method === 'POST' && call.url === `${base}/seen`) return json({ ok: true });
    if (call.method === 'POST' && call.url === `${base}/star`) {
      lead = { ...lead, starred: !lead.starred };
      return json({ starred: lead.starred });
    }
    if (call.method === 'PUT' && call.url === base) {
      const { version, ...body } = call.body as Record<string, unknown>;
      if (version !== undefined && version !== lead.version) return json(STALE, 409);
      const money = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : (v as string | null));
      lead = {
        ...lead,
        ...body,
        ...('budget' in body ? { budget: money(body.budget) } : {}),
        version: lead.version + 1,
      };
      return json(lead);
    }
    return json({ message: `unexpected ${call.method} ${call.url}` }, 500);
  });
  const saveElsewhere = (change: Partial<Lead>) => {
    lead = { ...lead!, ...change, version: lead!.version + 1 };
  };
  return { calls, current: () => lead, saveElsewhere };
}
/** The calls a server saw. */
const calls = (server: { calls: FetchCall[] }) => server.calls;

/** Lead 7 (#AI-2026-0007), the one open() shows. */
const lead7 = (over: Partial<Lead> = {}) => buildLead({ id: 7, ...over });
const open = (id = 7) =>
  renderWithProviders(<LeadDetailScreen />, { path: `/admin/leads/${id}`, routePath: '/admin/leads/:id' });
const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');

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

  it('hides the quote card when there is neither budget nor quoted amount', async () => {
    serve(lead7({ budget: null, quotedAmount: null }));
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

  it('contact: cancel restores the saved values; the e-mail rule; save sends the four fields', async () => {
    const { calls } = serve(lead7());
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit contact' }));
    const form = screen.getByRole('form', { name: 'Edit contact' });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Changed' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('contact-name')).toHaveTextContent('Maria Silva');
    fireEvent.click(screen.getByRole('button', { name: 'Edit contact' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Maria');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maria@' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Edit contact' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid Email: Please enter a valid email address')).toBeInTheDocument();
    expect(writes(calls).filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: ' Costa ' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Edit contact' })).getByRole('button', { name: 'Save' }));
    await expectToast('Success', 'Lead details updated successfully');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Maria',
      lastName: 'Costa',
      email: null,
      phone: '912 345 678',
      version: 1,
    });
    expect(screen.getByTestId('contact-name')).toHaveTextContent('Maria Costa');
    expect(screen.getByTestId('contact-email')).toHaveTextContent('No email');
  });

  it('contact: a failed save keeps edit mode and toasts the status and message', async () => {
    serve(lead7(), (c) => (c.method === 'PUT' ? json({ message: 'Database unavailable' }, 503) : undefined));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit contact' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Edit contact' })).getByRole('button', { name: 'Save' }));
    await expectToast('Error', 'Failed to update lead details: 503: Database unavailable');
    expect(screen.getByRole('form', { name: 'Edit contact' })).toBeInTheDocument();
  });

  it('vehicle: the save rules, and cancel restores', async () => {
    const { calls } = serve(lead7());
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit vehicle' }));
    const form = () => screen.getByRole('form', { name: 'Edit vehicle' });
    fireEvent.change(within(form()).getByLabelText('Model'), { target: { value: 'Changed' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('vehicle-view')).toHaveTextContent('320d');

    fireEvent.click(screen.getByRole('button', { name: 'Edit vehicle' }));
    fireEvent.change(within(form()).getByLabelText('Make'), { target: { value: '' } });
    fireEvent.change(within(form()).getByLabelText('Model'), { target: { value: '  ' } });
    fireEvent.change(within(form()).getByLabelText('Year'), { target: { value: '2021' } });
    fireEvent.change(within(form()).getByLabelText('Mileage (km)'), { target: { value: '' } });
    fireEvent.change(within(form()).getByLabelText('Budget (€)'), { target: { value: '24999,5' } });
    fireEvent.change(within(form()).getByLabelText('Vehicle link'), { target: { value: ' ' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await expectToast('Success', 'Vehicle details updated successfully');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      vehicleYear: 2021,
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
      mileage: null,
      transmission: 'auto',
      fuelType: 'diesel',
      vehicleLink: null,
      budget: 24999.5,
      version: 1,
    });
    expect(screen.getByTestId('budget-badge')).toHaveTextContent('€24 999.50');
  });

  it('vehicle: a year out of range is refused before sending', async () => {
    const { calls } = serve(lead7());
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit vehicle' }));
    const form = screen.getByRole('form', { name: 'Edit vehicle' });
    fireEvent.change(within(form).getByLabelText('Year'), { target: { value: '1850' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Year must be 1900 or later')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('notes: counter, 1000-character limit, draft kept across a remount until saved', async () => {
    const { calls } = serve(lead7({ notes: 'Saved note' }));
    const first = open();
    const notes = await screen.findByLabelText('Notes');
    expect(notes).toHaveAttribute('maxLength', '1000');
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('10/1000');
    expect(screen.getByRole('button', { name: 'Save notes' })).toBeDisabled();
    fireEvent.change(notes, { target: { value: 'Saved note, and more' } });
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('20/1000');
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('Unsaved changes');

    // A reload: the typed text comes back from sessionStorage.
    first.unmount();
    open();
    expect(await screen.findByLabelText('Notes')).toHaveValue('Saved note, and more');
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await expectToast('Success', 'Notes saved successfully');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ notes: 'Saved note, and more', version: 1 });
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(screen.getByTestId('notes-counter')).not.toHaveTextContent('Unsaved changes');
  });

  it('notes: a failed save keeps the draft and toasts', async () => {
    serve(lead7(), (c) =>
      c.method === 'PUT' ? json({ message: 'Notes are at most 1000 characters' }, 400) : undefined,
    );
    open();
    fireEvent.change(await screen.findByLabelText('Notes'), { target: { value: 'Something new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await expectToast('Error', 'Failed to save notes: 400: Notes are at most 1000 characters');
    expect(screen.getByLabelText('Notes')).toHaveValue('Something new');
    expect(sessionStorage.length).toBe(1);
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

  // ADR 022 / 024: every write names the version it was based on; a stale one keeps what was typed.
  describe('versions', () => {
    const stale = () => screen.findByTestId('stale-write');

    it('status: a one-click write sends the version on screen', async () => {
      const { calls } = serve(lead7({ status: 'requested', version: 4 }));
      open();
      const trigger = await screen.findByTestId('lead-status');
      fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
      fireEvent.click(await screen.findByRole('option', { name: 'Contacted' }));
      await expectToast('Success', 'Status updated successfully');
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'contacted', version: 4 });
    });

    it('contact: a save after someone else saved shows the notice, keeps the form as typed; Reload, then saving again wins', async () => {
      const server = serve(lead7());
      open();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit contact' }));
      const form = () => screen.getByRole('form', { name: 'Edit contact' });
      fireEvent.change(within(form()).getByLabelText('Last name'), { target: { value: 'Costa' } });
      server.saveElsewhere({ lastName: 'Santos' });
      fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));

      const notice = await stale();
      expect(notice).toHaveAttribute('role', 'alert');
      expect(notice).toHaveTextContent('This lead was changed by someone else. Reload to see the latest.');
      expect(notice).toHaveTextContent('What you typed is still here.');
      expect(within(form()).getByLabelText('Last name')).toHaveValue('Costa');
      expect(screen.queryByText('Failed to update lead details')).toBeNull();
      expect(server.current()).toMatchObject({ lastName: 'Santos', version: 2 });

      fireEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
      await waitFor(() => expect(screen.queryByTestId('stale-write')).toBeNull());
      expect(within(form()).getByLabelText('Last name')).toHaveValue('Costa');
      fireEvent.click(within(form()).getByRole('button', { name: 'Save' }));
      await expectToast('Success', 'Lead details updated successfully');
      const puts = calls(server).filter((c) => c.method === 'PUT');
      expect(puts.map((c) => (c.body as { version: number }).version)).toEqual([1, 2]);
      expect(server.current()).toMatchObject({ lastName: 'Costa', version: 3 });
    });

    it('notes: the draft sends the version it started from even after a live refresh', async () => {
      const server = serve(lead7({ notes: 'Old' }));
      const { queryClient } = open();
      const notes = await screen.findByLabelText('Notes');
      fireEvent.change(notes, { target: { value: 'Old, and mine' } });
      // Someone else saves the vehicle; the live event refreshes the open lead while the draft waits.
      server.saveElsewhere({ vehicleModel: 'X3' });
      await act(() => queryClient.invalidateQueries());
      await waitFor(() => expect(screen.getAllByText(/X3/).length).toBeGreaterThan(0));
      fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
      expect(await stale()).toHaveTextContent('This lead was changed by someone else.');
      expect(screen.getByLabelText('Notes')).toHaveValue('Old, and mine');
      expect(calls(server).find((c) => c.method === 'PUT')?.body).toEqual({ notes: 'Old, and mine', version: 1 });
      expect(server.current()).toMatchObject({ notes: 'Old', version: 2 });
    });

    it("'Edit lead' dialog: a stale save shows the notice inside the dialog, which stays open as typed", async () => {
      const server = serve(lead7());
      open();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit lead' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Lead' });
      fireEvent.change(within(dialog).getByLabelText('First name *'), { target: { value: 'Marta' } });
      server.saveElsewhere({ firstName: 'Mariana' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      const notice = await within(dialog).findByTestId('stale-write');
      expect(notice).toHaveTextContent('This lead was changed by someone else. Reload to see the latest.');
      expect(within(dialog).getByLabelText('First name *')).toHaveValue('Marta');
      fireEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
      await waitFor(() => expect(within(dialog).queryByTestId('stale-write')).toBeNull());
      expect(within(dialog).getByLabelText('First name *')).toHaveValue('Marta');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await expectToast('Success', 'Lead updated successfully');
      expect(server.current()).toMatchObject({ firstName: 'Marta', version: 3 });
    });
  });
});
