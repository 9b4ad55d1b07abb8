import { Loader2 } from 'lucide-react';
import type { Backup } from '#shared/schemas/backups.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, isUnauthorized } from '#web/lib/api-client.ts';
import { toastSuccess } from '#web/lib/notify.ts';
import { useRestoreBackup } from '../api/backup-mutations.ts';
import { formatBackupTime } from './format-backup.ts';

/** 'Restore Failed' / 'Backup Failed' with the server's message, which says what failed. */
export function toastBackupError(title: 'Backup Failed' | 'Restore Failed' | 'Upload Failed', err: unknown) {
  if (isUnauthorized(err)) return;
  const description = err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : String(err);
  toast({ title, description, variant: 'destructive' });
}

/** Asks before a restore, naming the backup; stays until the server answers. */
export function RestoreDialog({ backup, onClose }: { backup: Backup | null; onClose: () => void }) {
  const restore = useRestoreBackup();
  const confirm = async () => {
    if (!backup || restore.isPending) return;
    try {
      await restore.mutateAsync(backup.filename);
      toastSuccess('Database has been restored successfully');
    } catch (err) {
      toastBackupError('Restore Failed', err);
    }
    onClose();
  };
  return (
    <AlertDialog open={backup !== null} onOpenChange={(open) => !open && !restore.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Restore this backup?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="space-y-2">
              <p>
                The database will be replaced with{' '}
                <strong className="break-all text-foreground">{backup?.filename}</strong>
                {backup ? ` from ${formatBackupTime(backup.created)}` : ''}.
              </p>
              <p>
                Changes made since then are replaced. A restore point of the current data is taken first, and every open
                page reloads when the restore is done.
              </p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={restore.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={restore.isPending}>
            {restore.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Restore
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
