import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { buildImport, buildProposalAnswer } from '#test/web/import-fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { CreateImportDialog } from './create-import-dialog.tsx';

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

const lead = buildLead({
  id: 7,
  firstName: 'Rui',
  lastName: 'Lopes',
  email: 'rui@example.com',
  phone: '+351 910 000 000',
  vehicleMake: 'Audi',
  vehicleModel: 'A4',
  vehicleYear: 2019,
});
const proposal = buildProposalAnswer({ id: 11, transportCost: '2150.50', registrationFee: '340.00' });

function setup(mode: 'lead' | 'new' = 'lead') {
  const onOpenChange = vi.fn();
  const view = renderWithProviders(
    mode === 'lead' ? (
      <CreateImportDialog open onOpenChange={onOpenChange} lead={lead} proposals={[proposal]} />
    ) : (
      <CreateImportDialog open onOpenChange={onOpenChange} />
    ),
  );
  const field = (label: string) => screen.getByLabelText(label);
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
  const errorOf = (label: string) =>
    document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent;
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Import' }));
  return { ...view, onOpenChange, field, type, errorOf, submit };
}

const pickProposal = async (name: string) => {
  fireEvent.pointerDown(screen.getByTestId('import-proposal'), { button: 0, ctrlKey: false, pointerType: 'mouse' });
  fireEvent.click(await screen.findByRole('option', { name }));
};

describe('Create Import from Lead', () => {
  it('prefills the client from the lead and offers Fill manually or each proposal as brand model - €price', async () => {
    stubFetch(() => json({}));
    const { field } = setup();
    expect(screen.getByRole('heading', { name: 'Create Import from Lead' })).toBeInTheDocument();
    expect(field('Client name *')).toHaveValue('Rui Lopes');
    expect(field('Email')).toHaveValue('rui@example.com');
    expect(field('Phone')).toHaveValue('+351 910 000 000');
    expect(field('Make *')).toHaveValue('Audi');
    expect(field('Year')).toHaveValue('2019');
    expect(screen.getByTestId('import-proposal')).toHaveTextContent('Fill manually');
    fireEvent.pointerDown(screen.getByTestId('import-proposal'), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Fill manually', 'Audi A4 Avant - €24\u00a0500']);
  });

  it('a proposal fills car, price, ISV and the service price = transport + registration, to the cent', async () => {
    stubFetch(() => json({}));
    const { field } = setup();
    await pickProposal('Audi A4 Avant - €24\u00a0500');
    expect(field('Model *')).toHaveValue('A4 Avant');
    expect(field('Year')).toHaveValue('2021');
    expect(field('Vehicle price (€)')).toHaveValue('24500');
    expect(field('ISV (€)')).toHaveValue('3120.55');
    expect(field('Service price (€)')).toHaveValue('2490.50');
    // Back to manual: the lead's car again, no prices.
    await pickProposal('Fill manually');
    expect(field('Model *')).toHaveValue('A4');
    expect(field('Service price (€)')).toHaveValue('');
  });

  it("shows section 5's messages and sends nothing", async () => {
    const calls = stubFetch(() => json({}));
    const { type, errorOf, submit } = setup();
    type('Client name *', '   ');
    type('Make *', '');
    type('Model *', ' ');
    type('Email', 'not-an-email');
    type('Year', String(new Date().getFullYear() + 2));
    submit();
    await waitFor(() => expect(errorOf('Client name *')).toBe('Client name is required'));
    expect(errorOf('Make *')).toBe('Vehicle make is required');
    expect(errorOf('Model *')).toBe('Vehicle model is required');
    expect(errorOf('Email')).toBe('Valid email is required');
    expect(errorOf('Year')).toBe(`Year must be ${new Date().getFullYear() + 1} or earlier`);
    expect(calls).toHaveLength(0);
  });

  it('posts the lead, the proposal and the prefilled values (empty prices null), then toasts', async () => {
    const calls = stubFetch({ 'POST /api/imports': json(buildImport({ id: 77, leadId: 7 }), 201) });
    const { submit, onOpenChange } = setup();
    await pickProposal('Audi A4 Avant - €24\u00a0500');
    submit();
    await expectToast('Success', 'Import created successfully');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      leadId: 7,
      proposalId: 11,
      clientName: 'Rui Lopes',
      clientEmail: 'rui@example.com',
      clientPhone: '+351 910 000 000',
      clientAddress: null,
      clientVatId: null,
      vehicleMake: 'Audi',
      vehicleModel: 'A4 Avant',
      vehicleYear: 2021,
      vehicleVin: null,
      vehiclePrice: '24500.00',
      vehicleIsv: '3120.55',
      servicePrice: '2490.50',
      notes: null,
      deliveryNotes: null,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    });
  });

  it('sending the form again after a failure repeats its key, so the server makes one import (ADR 023)', async () => {
    const calls = stubFetch({ 'POST /api/imports': json({ message: 'Server unavailable', code: 'INTERNAL' }, 503) });
    const { submit } = setup();
    submit();
    await expectToast('Error', 'Server unavailable');
    submit();
    await waitFor(() => expect(calls).toHaveLength(2));
    const [first, second] = calls.map((c) => (c.body as { idempotencyKey?: string }).idempotencyKey);
    expect(first).toEqual(expect.any(String));
    expect(second).toBe(first);
  });

  it('a refused creation toasts the server message and keeps the dialog open with what was typed', async () => {
    stubFetch({ 'POST /api/imports': json({ message: 'Lead not found', code: 'NOT_FOUND' }, 404) });
    const { submit, onOpenChange, field } = setup();
    submit();
    await expectToast('Error', 'Lead not found');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(field('Client name *')).toHaveValue('Rui Lopes');
  });

  it('Cancel closes without a call', () => {
    const calls = stubFetch(() => json({}));
    const { onOpenChange } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls).toHaveLength(0);
  });
});

describe('Create New Import', () => {
  it('has no proposal picker, proposes the current year, takes an optional lead and opens the new import', async () => {
    const calls = stubFetch({ 'POST /api/imports': json(buildImport({ id: 88 }), 201) });
    const { field, type, submit, router } = setup('new');
    expect(screen.getByRole('heading', { name: 'Create New Import' })).toBeInTheDocument();
    expect(screen.queryByTestId('import-proposal')).toBeNull();
    expect(field('Year')).toHaveValue(String(new Date().getFullYear()));
    type('Client name *', 'Joana Reis');
    type('Make *', 'Tesla');
    type('Model *', 'Model 3');
    type('Service price (€)', '2.340,50');
    submit();
    await expectToast('Success', 'Import created successfully');
    expect(calls[0]!.body).toMatchObject({
      leadId: null,
      proposalId: null,
      servicePrice: '2340.50',
      vehicleMake: 'Tesla',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/imports/88'));
    expect(await screen.findByText('Import page 88')).toBeInTheDocument();
  });
});
