import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectToast } from '#test/web/toasts.ts';
import { setUpLeadDetail, serve, calls, lead7, open } from './lead-detail.test-helpers.tsx';

setUpLeadDetail();

describe('lead detail', () => {
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
