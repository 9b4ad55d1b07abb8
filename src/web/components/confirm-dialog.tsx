import { useState, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog.tsx';
import { Button } from './ui/button.tsx';

export interface ConfirmDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Also the dialog's accessible name. */
  title: ReactNode;
  description: ReactNode;
  /** More to decide before confirming (a choice), shown under the description. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** The confirm button in the destructive colour (a deletion). */
  destructive?: boolean;
  /** The action (usually a mutation's mutateAsync); the dialog waits for it. */
  onConfirm: () => Promise<T>;
  /** The 'Success' toast's text, or a function of the action's result (null: no toast). */
  successMessage: string | ((result: T) => string | null);
  /** The 'Error' toast's prefix: '{failureMessage}: {status}: {server message}'. */
  failureMessage: string;
  /** Runs after the success toast, once the dialog is asked to close (e.g. open another page). */
  onSuccess?: (result: T) => void;
}

/**
 * Asks before an action. While the action runs both buttons are disabled and the confirm button
 * spins; on success it toasts and closes, on failure it toasts the error and stays open.
 */
export function ConfirmDialog<T>({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  successMessage,
  failureMessage,
  onSuccess,
}: ConfirmDialogProps<T>) {
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    // A click while closing (or a second one) asks nothing.
    if (!open || pending) return;
    setPending(true);
    let result: T;
    try {
      result = await onConfirm();
    } catch (err) {
      toastFailure(failureMessage, err);
      return;
    } finally {
      setPending(false);
    }
    const message = typeof successMessage === 'function' ? successMessage(result) : successMessage;
    if (message !== null) toastSuccess(message);
    onOpenChange(false);
    onSuccess?.(result);
  };

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog stays open until the action answers. */}
          <Button variant={destructive ? 'destructive' : 'default'} onClick={() => void confirm()} disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
