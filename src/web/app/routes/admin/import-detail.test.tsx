import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Import } from '#shared/schemas/imports.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { buildCost, buildImport, buildSupplier } from '#test/web/import-fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { ImportDetailScreen } from './import-detail.tsx';

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

const STALE = { message: 'This import was changed by someone else. Reload to see the latest.', code: 'STALE_VERSION' };

/** A fake server with import 42: GET, PUT merged in (version + 1, or 409 when `stale` says so). */
function serve(initial: Import | null, opts: { stale?: (call: FetchCall) => boolean } = {}) {
  let imp = initial;
  const calls = stubFetch((call) => {
    if (call.path === '/api/suppliers')
      return json([buildSupplier({ id: 3 }), buildSupplier({ id: 4, name: 'Inspeções Lda', country: null })]);
    if (!imp) return json({ message: 'Import not found' }, 404);
    if (call.method === 'GET' && call.path === '/api/imports/42') return json(imp);
    if (call.method === 'PUT' && call.path === '/api/imports/42') {
      if (opts.stale?.(call)) return json(STALE, 409);
      const { version: _v, ...body } = call.body as Record<string, unknown>;
      imp = buildImport({ ...imp, ...body, version: imp.version + 1, finance: undefined } as Partial<Import>);
      return json(imp);
    }
    return undefined;
  });
  return { calls, current: () => imp!, set: (next: Import) => (imp = next) };
}

const open = () =>
  renderWithProviders(<ImportDetailScreen />, { path: '/admin/imports/42', routePath: '/admin/imports/:id' });
const puts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'PUT');

describe('import detail', () => {
  it('title, badge, progress, arrows, stage history and days in stage', async () => {
    serve(buildImport({ status: 'in_transit', daysInStage: 3 }));
    open();
    expect(await screen.findByRole('heading', { name: 'Import #42' })).toBeInTheDocument();
    expect(screen.getByTestId('import-status-badge')).toHaveTextContent('In Transit');
    expect(screen.getAllByTestId('import-percent')[0]).toHaveTextContent('35% complete');
    expect(screen.getByRole('button', { name: 'Previous stage: Waiting Transport' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next stage: Arrived' })).toBeEnabled();
    expect(screen.getByTestId('days-in-stage')).toHaveTextContent(/^In Transit for 3 days/);
    const history = within(screen.getByTestId('stage-history')).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Confirmed'),
      expect.stringContaining('In Transitcurrent'),
    ]);
    expect(history[0]).toHaveTextContent('Ana Costa');
  });

  it('next stage sends the status with the version read; the arrows are disabled at the ends', async () => {
    const { calls } = serve(buildImport({ status: 'legalized', version: 5 }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Next stage: Delivered' }));
    await waitFor(() => expect(screen.getByTestId('import-status-badge')).toHaveTextContent('Delivered'));
    expect(puts(calls)[0]!.body).toEqual({ status: 'delivered', version: 5 });
    expect(screen.getByRole('button', { name: 'Next stage' })).toBeDisabled();
    expect(screen.getAllByTestId('import-percent')[0]).toHaveTextContent('100% complete');
  });

  it('the first stage has no previous one', async () => {
    serve(buildImport({ status: 'confirmed' }));
    open();
    expect(await screen.findByRole('button', { name: 'Previous stage' })).toBeDisabled();
  });

  it('client card: edit, cancel restores, the rule, and save sends its fields', async () => {
    const { calls } = serve(buildImport({ version: 3 }));
    open();
    const card = await screen.findByTestId('client-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit client' }));
    fireEvent.change(within(card).getByLabelText('Name *'), { target: { value: 'Someone else' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(card).toHaveTextContent('Maria Silva');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit client' }));
    expect(within(card).getByLabelText('Name *')).toHaveValue('Maria Silva');
    fireEvent.change(within(card).getByLabelText('Name *'), { target: { value: ' ' } });
    fireEvent.change(within(card).getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Client name is required')).toBeInTheDocument();
    expect(within(card).getByText('Valid email is required')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    fireEvent.change(within(card).getByLabelText('Name *'), { target: { value: 'Maria S. Silva' } });
    fireEvent.change(within(card).getByLabelText('Email'), { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(card).toHaveTextContent('Maria S. Silva'));
    expect(puts(calls)[0]!.body).toEqual({
      clientName: 'Maria S. Silva',
      clientEmail: null,
      clientPhone: '+351 912 000 111',
      clientVatId: 'PT123456789',
      clientAddress: 'Rua Augusta 1, Lisboa',
      version: 3,
    });
  });

  it('a failed vehicle save toasts its section 8 message and stays in edit mode', async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? json({ message: 'Boom' }, 500)
        : call.path === '/api/imports/42'
          ? json(buildImport())
          : undefined,
    );
    open();
    const card = await screen.findByTestId('vehicle-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit vehicle' }));
    fireEvent.change(within(card).getByLabelText('VIN'), { target: { value: 'wba999' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await expectToast('Error', 'Failed to update vehicle information');
    expect(within(card).getByLabelText('VIN')).toHaveValue('wba999');
  });

  it('notes: the save button appears only when the text differs from the saved text', async () => {
    const { calls } = serve(buildImport({ notes: 'Keys in the glovebox' }));
    open();
    const notes = await screen.findByLabelText('Notes');
    expect(screen.queryByRole('button', { name: 'Save notes' })).toBeNull();
    fireEvent.change(notes, { target: { value: 'Keys at the office' } });
    expect(screen.getByRole('button', { name: 'Save notes' })).toBeInTheDocument();
    fireEvent.change(notes, { target: { value: 'Keys in the glovebox' } });
    expect(screen.queryByRole('button', { name: 'Save notes' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Delivery notes'), { target: { value: 'Deliver in Porto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save delivery notes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save delivery notes' })).toBeNull());
    expect(puts(calls)[0]!.body).toEqual({ deliveryNotes: 'Deliver in Porto', version: 3 });
  });

  it('a stale write shows the conflict message with Reload and keeps what was typed', async () => {
    const server = serve(buildImport({ version: 3 }), { stale: (c) => (c.body as { version: number }).version === 3 });
    open();
    const notes = await screen.findByLabelText('Notes');
    fireEvent.change(notes, { target: { value: 'My long note about the car' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    const alert = await screen.findByTestId('stale-write');
    expect(alert).toHaveTextContent('This import was changed by someone else. Reload to see the latest.');
    expect(document.querySelector('[data-slot="toast"]')).toBeNull();
    expect(notes).toHaveValue('My long note about the car');
    // Someone else's change arrives with the reload; the typed note stays and the next save sends version 4.
    server.set(buildImport({ version: 4, clientName: 'Maria (changed)' }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('stale-write')).toBeNull());
    expect(screen.getByTestId('client-card')).toHaveTextContent('Maria (changed)');
    expect(screen.getByLabelText('Notes')).toHaveValue('My long note about the car');
    fireEvent.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() =>
      expect(puts(server.calls).at(-1)!.body).toEqual({ notes: 'My long note about the car', version: 4 }),
    );
  });

  it('a live refresh while the user edits does not make the save blind: it still names the version read', async () => {
    const server = serve(buildImport({ version: 3 }), { stale: (c) => (c.body as { version: number }).version === 3 });
    const { queryClient } = open();
    const card = await screen.findByTestId('client-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit client' }));
    fireEvent.change(within(card).getByLabelText('Phone'), { target: { value: '+351 930 000 000' } });
    // Someone else saves; the live event refetches the open import (version 4) while the form is open.
    server.set(buildImport({ version: 4, clientVatId: 'PT999999990' }));
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/imports'] }));
    expect(within(card).getByLabelText('Phone')).toHaveValue('+351 930 000 000');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('stale-write')).toBeInTheDocument();
    expect(puts(server.calls)[0]!.body).toMatchObject({ clientPhone: '+351 930 000 000', version: 3 });
    expect(within(card).getByLabelText('Phone')).toHaveValue('+351 930 000 000');
  });

  it('service price: red unpaid, yellow paid not invoiced, normal when both; flags send their own write', async () => {
    const { calls } = serve(buildImport({ paid: false, invoiced: false }));
    open();
    const price = await screen.findByTestId('service-price');
    expect(price).toHaveAttribute('data-state', 'unpaid');
    expect(price.className).toMatch(/text-red-600/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Service paid' }));
    await waitFor(() => expect(screen.getByTestId('service-price')).toHaveAttribute('data-state', 'not-invoiced'));
    expect(screen.getByTestId('service-price').className).toMatch(/text-amber-600/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Service invoiced' }));
    await waitFor(() => expect(screen.getByTestId('service-price')).toHaveAttribute('data-state', 'settled'));
    expect(puts(calls).map((c) => c.body)).toEqual([
      { paid: true, version: 3 },
      { invoiced: true, version: 4 },
    ]);
  });

  it('service price edit: cancel restores, save sends the amount', async () => {
    const { calls } = serve(buildImport({ servicePrice: '2340.00' }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit service price' }));
    const input = screen.getByLabelText('Service price (€)');
    expect(input).toHaveValue('2340');
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('service-price')).toHaveTextContent('€2 340.00');
    fireEvent.click(screen.getByRole('button', { name: 'Edit service price' }));
    fireEvent.change(screen.getByLabelText('Service price (€)'), { target: { value: '2.500,75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('service-price')).toHaveTextContent('€2 500.75'));
    expect(puts(calls)[0]!.body).toEqual({ servicePrice: '2500.75', version: 3 });
  });

  it('financials: the summary to the cent, profit red when negative, not-invoiced costs highlighted', async () => {
    serve(
      buildImport({
        servicePrice: '1000.00',
        costs: [
          buildCost({ value: '600.10', invoicedToUs: true, invoiced: true }),
          buildCost({ value: '500.05', invoicedToUs: false, invoiced: false, supplierName: 'Inspeções Lda' }),
          buildCost({ value: '0.00', invoicedToUs: true, invoiced: false, supplierName: 'Transportes SA' }),
        ],
      }),
    );
    open();
    const summary = await screen.findByTestId('finance-summary');
    expect(summary).toHaveTextContent('Costs invoiced to us€600.10');
    expect(summary).toHaveTextContent('Costs passed along€500.05');
    expect(summary).toHaveTextContent('Our invoice value€499.95');
    expect(screen.getByTestId('import-profit')).toHaveTextContent('-€100.15');
    expect(screen.getByTestId('import-profit').className).toMatch(/text-red-600/);
    const items = screen.getAllByTestId('cost-item');
    expect(items.map((i) => i.getAttribute('data-invoiced'))).toEqual(['true', 'false', 'false']);
    expect(items[1]!.className).toMatch(/bg-amber-50/);
    expect(items[1]).toHaveTextContent('Not invoiced');
    // Invoiced to us: not passed along to the client, so never flagged 'Not invoiced'.
    expect(items[2]!.className).not.toMatch(/bg-amber-50/);
    expect(items[2]).not.toHaveTextContent('Not invoiced');
  });

  it("Add Cost: the form's messages, then posts the cost", async () => {
    const { calls } = serve(buildImport());
    calls.length = 0;
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Cost' });
    fireEvent.change(within(dialog).getByLabelText('Date *'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Cost' }));
    expect(await within(dialog).findByText('Supplier is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Date is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Value is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("delete asks 'Are you sure you want to delete this cost entry?' and sends If-Match", async () => {
    const cost = buildCost({ id: 901, version: 2 });
    const imp = buildImport({ costs: [cost] });
    stubFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/imports/42') return json(imp);
      if (call.method === 'DELETE') return json({ ok: true });
      return undefined;
    });
    const fetchSpy = vi.mocked(fetch);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete cost from Transportes Silva' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this cost entry?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'Cost deleted');
    const del = fetchSpy.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    const headers = del[1]!.headers;
    expect(del[0]).toBe('/api/import-costs/901');
    expect(headers).toEqual({ 'if-match': '"2"' });
  });

  it("'Import not found' with a way back", async () => {
    serve(null);
    open();
    expect(await screen.findByRole('heading', { name: 'Import not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to imports' })).toHaveAttribute('href', '/admin/imports');
  });
});
