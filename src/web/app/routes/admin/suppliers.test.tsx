import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Supplier } from '#shared/schemas/suppliers.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildSupplier } from '#test/web/import-fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { SuppliersScreen } from './suppliers.tsx';

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

const silva = buildSupplier({
  id: 3,
  name: 'Transportes Silva',
  totals: { costCount: 3, costsTotal: '4250.00', unpaidCount: 1, unpaidTotal: '1200.50' },
  version: 2,
});
const idle = buildSupplier({ id: 4, name: 'Inspeções Lda', country: null, email: null, phone: null, vatId: null });

function serve(list: Supplier[]) {
  let suppliers = list;
  const calls = stubFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/suppliers') return json(suppliers);
    if (call.method === 'POST' && call.path === '/api/suppliers') {
      const created = buildSupplier({ id: 9, ...(call.body as object) });
      suppliers = [...suppliers, created];
      return json(created, 201);
    }
    if (call.method === 'PUT') {
      const id = Number(call.path.split('/').pop());
      const { version: _v, ...body } = call.body as Record<string, unknown>;
      suppliers = suppliers.map((s) => (s.id === id ? { ...s, ...body, version: s.version + 1 } : s));
      return json(suppliers.find((s) => s.id === id));
    }
    if (call.method === 'DELETE' && call.path === '/api/suppliers/3')
      return json(
        {
          message:
            'Cannot delete Transportes Silva: it has 3 recorded costs. Costs are part of the books, so a supplier with costs stays.',
          code: 'CONFLICT',
        },
        409,
      );
    if (call.method === 'DELETE') {
      suppliers = suppliers.filter((s) => `/api/suppliers/${s.id}` !== call.path);
      return json({ ok: true });
    }
    return undefined;
  });
  return { calls };
}

const open = () => renderWithProviders(<SuppliersScreen />, { path: '/admin/suppliers' });

describe('suppliers', () => {
  it('lists Name, Country, Email, Phone, VAT ID, Actions with each supplier totals', async () => {
    serve([silva, idle]);
    open();
    const table = await screen.findByRole('table', { name: 'Suppliers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Country', 'Email', 'Phone', 'VAT ID', 'Actions']);
    const totals = within(table).getAllByTestId('supplier-totals');
    expect(totals[0]).toHaveTextContent('3 costs, €4 250 · €1 200.50 unpaid');
    expect(totals[1]).toHaveTextContent('No costs yet');
  });

  it('add: name required, e-mail rule, then creates and toasts', async () => {
    const { calls } = serve([idle]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Supplier' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Supplier' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid email is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name *'), { target: { value: 'AutoTrans GmbH' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Country'), { target: { value: 'Germany' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Supplier' }));
    await expectToast('Success', 'Supplier created');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'AutoTrans GmbH',
      country: 'Germany',
      email: null,
    });
    expect(await screen.findByText('AutoTrans GmbH')).toBeInTheDocument();
  });

  it('edit sends the version read', async () => {
    const { calls } = serve([silva]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Transportes Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Supplier' });
    expect(within(dialog).getByLabelText('Name *')).toHaveValue('Transportes Silva');
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '+49 30 999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Supplier' }));
    await expectToast('Success', 'Supplier updated');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ phone: '+49 30 999', version: 2 });
  });

  it('delete names the supplier; refused because of costs, the server says why and nothing goes', async () => {
    serve([silva, idle]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Transportes Silva' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Transportes Silva?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(
      'Error',
      'Cannot delete Transportes Silva: it has 3 recorded costs. Costs are part of the books, so a supplier with costs stays.',
    );
    expect(screen.getByText('Transportes Silva')).toBeInTheDocument();
  });

  it('delete of a supplier without costs', async () => {
    serve([silva, idle]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Inspeções Lda' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'Inspeções Lda deleted');
    await waitFor(() => expect(screen.queryByText('Inspeções Lda')).toBeNull());
  });
});
