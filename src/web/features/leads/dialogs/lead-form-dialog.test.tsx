import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { LeadFormDialog } from './lead-form-dialog.tsx';

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

const year = new Date().getFullYear();

describe('Add/Edit Lead dialog, add mode', () => {
  const setup = () => {
    const onOpenChange = vi.fn();
    const view = renderWithProviders(<LeadFormDialog mode="add" open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Lead' });
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add Lead' }));
    return { ...view, dialog, type, submit, onOpenChange };
  };

  it('year is 1900 to current + 1; required fields', async () => {
    const calls = stubFetch(() => json({}));
    const { dialog, type, submit } = setup();
    type('Year', String(year + 2));
    submit();
    expect(await within(dialog).findByText(`Year must be ${year + 1} or earlier`)).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Vehicle make is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts POST /api/leads: status requested by default, quoted amount left out when empty, amounts as staff write them', async () => {
    const calls = stubFetch(() => json(buildLead({ id: 51 }), 201));
    const { type, submit, router, onOpenChange } = setup();
    type('First name *', 'Ana');
    type('Make *', 'Audi');
    type('Model *', 'A4');
    type('Year', String(year + 1));
    type('Budget (€)', '25 000');
    submit();
    await expectToast('Success', 'Lead created successfully');
    const body = calls[0]!.body as Record<string, unknown>;
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/leads' });
    expect(body).toMatchObject({
      firstName: 'Ana',
      vehicleMake: 'Audi',
      vehicleModel: 'A4',
      vehicleYear: year + 1,
      budget: 25000,
      status: 'requested',
      emailSource: 'geral',
      notes: null,
    });
    expect(body).not.toHaveProperty('quotedAmount');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/leads/51'));
  });

  it("a failure toasts 'Failed to create lead' without the server message", async () => {
    stubFetch(() => json({ message: 'Database unavailable' }, 503));
    const { type, submit } = setup();
    type('First name *', 'Ana');
    type('Make *', 'Audi');
    type('Model *', 'A4');
    submit();
    await expectToast('Error', 'Failed to create lead');
  });
});

describe('Add/Edit Lead dialog, edit mode', () => {
  it("a failure toasts 'Failed to update lead' and keeps the dialog open", async () => {
    stubFetch(() => json({ message: 'nope' }, 500));
    const onOpenChange = vi.fn();
    renderWithProviders(
      <LeadFormDialog mode="edit" lead={buildLead({ quotedAmount: '23500.00' })} open onOpenChange={onOpenChange} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Lead' });
    expect(within(dialog).getByLabelText('Quoted amount (€)')).toHaveValue('23500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Error', 'Failed to update lead');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
