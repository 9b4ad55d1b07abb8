import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { setUpLeadDetail, serve, lead7, open, writes } from './lead-detail.test-helpers.tsx';

setUpLeadDetail();

describe('lead detail', () => {
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
});
