import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { CreateLeadDialog } from './create-lead-dialog.tsx';

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

const setup = () => {
  const onOpenChange = vi.fn();
  const view = renderWithProviders(<CreateLeadDialog open onOpenChange={onOpenChange} />);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Lead' }));
  const errorOf = (label: string) =>
    document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
  return { ...view, onOpenChange, type, submit, errorOf };
};

describe('Create New Lead Manually', () => {
  it('shows its exact validation messages and sends nothing', async () => {
    const calls = stubFetch(() => json({}));
    const { submit, type, errorOf } = setup();
    expect(screen.getByRole('heading', { name: 'Create New Lead Manually' })).toBeInTheDocument();
    type('Email', 'not-an-email');
    type('Year', String(new Date().getFullYear() + 3));
    type('Budget (€)', '-5');
    type('Mileage (km)', '-1');
    submit();
    await waitFor(() => expect(errorOf('First name *')).toBe('First name is required'));
    expect(errorOf('Make *')).toBe('Vehicle make is required');
    expect(errorOf('Model *')).toBe('Vehicle model is required');
    expect(errorOf('Email')).toBe('Invalid email format');
    expect(errorOf('Year')).toBe(`Year must be ${new Date().getFullYear() + 2} or earlier`);
    expect(errorOf('Budget (€)')).toBe('Amount must be 0 or more');
    expect(errorOf('Mileage (km)')).toBe('Mileage must be 0 or more');
    expect(calls).toHaveLength(0);
  });

  it('accepts the current year + 2, posts geral by default with a comma budget, toasts and opens the new lead', async () => {
    const calls = stubFetch(() => json(buildLead({ id: 42 }), 201));
    const { submit, type, onOpenChange, router } = setup();
    type('First name *', '  Rui ');
    type('Make *', 'Peugeot');
    type('Model *', '308');
    type('Year', String(new Date().getFullYear() + 2));
    type('Budget (€)', '18500,50');
    type('Phone', '+351 912 000 111');
    expect(screen.getByLabelText('Make *')).toHaveAttribute('list');
    const listId = screen.getByLabelText('Make *').getAttribute('list')!;
    expect(document.getElementById(listId)?.querySelector('option[value="Mercedes-Benz"]')).not.toBeNull();
    submit();
    await expectToast('Success', 'Lead created successfully');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/leads/manual',
        body: {
          firstName: 'Rui',
          lastName: null,
          email: null,
          phone: '+351 912 000 111',
          vehicleMake: 'Peugeot',
          vehicleModel: '308',
          vehicleYear: new Date().getFullYear() + 2,
          budget: 18500.5,
          mileage: null,
          transmission: null,
          fuelType: null,
          vehicleLink: null,
          notes: null,
          emailSource: 'geral',
        },
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/leads/42'));
  });

  it('puts server field errors on their fields and toasts the failure with the status', async () => {
    stubFetch(() => json({ message: 'Validation failed', fields: { vehicleModel: 'Vehicle model is required' } }, 400));
    const { submit, type, errorOf, onOpenChange } = setup();
    type('First name *', 'Rui');
    type('Make *', 'Peugeot');
    type('Model *', '308');
    submit();
    await expectToast('Error', 'Failed to create lead: 400: Validation failed');
    expect(errorOf('Model *')).toBe('Vehicle model is required');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
