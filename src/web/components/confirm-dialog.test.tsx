import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { expectToast } from '#test/web/toasts.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Toaster } from './ui/toaster.tsx';

afterEach(() => act(() => dismiss()));

/** A deferred action: the test decides when and how it settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(action: () => Promise<{ ref: string }>, onSuccess = vi.fn()) {
  const onOpenChange = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
          title="Delete this thing?"
          description="It goes for good."
          confirmLabel="Delete"
          destructive
          onConfirm={action}
          successMessage={(result) => `Thing #${result.ref} deleted`}
          failureMessage="Failed to delete thing"
          onSuccess={onSuccess}
        />
        <Toaster />
      </>
    );
  }
  render(<Harness />);
  const dialog = screen.getByRole('alertdialog', { name: 'Delete this thing?' });
  return {
    dialog,
    onOpenChange,
    onSuccess,
    confirm: () => within(dialog).getByRole('button', { name: 'Delete' }),
    cancel: () => within(dialog).getByRole('button', { name: 'Cancel' }),
  };
}

describe('ConfirmDialog', () => {
  it('shows the title, the description and a destructive confirm button', () => {
    const { dialog, confirm } = setup(vi.fn());
    expect(dialog).toHaveAccessibleDescription('It goes for good.');
    expect(confirm()).toHaveAttribute('data-variant', 'destructive');
  });

  it('confirm runs the action; both buttons are disabled while it runs; success toasts and closes', async () => {
    const d = deferred<{ ref: string }>();
    const action = vi.fn(() => d.promise);
    const { confirm, cancel, onOpenChange, onSuccess } = setup(action);
    fireEvent.click(confirm());
    expect(action).toHaveBeenCalledTimes(1);
    expect(confirm()).toBeDisabled();
    expect(cancel()).toBeDisabled();
    fireEvent.click(confirm());
    expect(action).toHaveBeenCalledTimes(1);

    await act(async () => d.resolve({ ref: 'AI-7' }));
    await expectToast('Success', 'Thing #AI-7 deleted');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onSuccess).toHaveBeenCalledWith({ ref: 'AI-7' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a failure toasts the status and message and stays open, ready to try again', async () => {
    const action = vi.fn(() => Promise.reject(new ApiError(500, 'boom')));
    const { dialog, confirm, cancel, onOpenChange, onSuccess } = setup(action);
    fireEvent.click(confirm());
    const toast = await expectToast('Error', 'Failed to delete thing: 500: boom');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
    expect(confirm()).toBeEnabled();
    expect(cancel()).toBeEnabled();
  });

  it('Cancel closes without running the action', async () => {
    const action = vi.fn();
    const { cancel, onOpenChange } = setup(action);
    fireEvent.click(cancel());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(action).not.toHaveBeenCalled();
  });
});
