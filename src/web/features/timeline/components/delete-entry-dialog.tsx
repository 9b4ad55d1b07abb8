import { useRef } from 'react';
import { Loader2 } from 'lucide-react';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
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
import { useDeleteTimelineEntry } from '../api/delete-timeline-entry.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';

/** Deleting a call or chat entry asks first (document 2 section 4). */
export function DeleteEntryDialog({
  entry,
  onOpenChange,
}: {
  entry: TimelineEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteTimelineEntry();
  // The last entry asked about, so the text stays put while the dialog closes.
  const shown = useRef(entry);
  if (entry) shown.current = entry;
  const confirm = () => {
    if (!entry) return;
    remove.mutate(entry.id, {
      onSuccess: () => {
        toastSuccess('Timeline entry deleted successfully');
        onOpenChange(false);
      },
      onError: (err) => toastFailure('Failed to delete timeline entry', err),
    });
  };
  return (
    <AlertDialog open={!!entry} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this timeline entry?</AlertDialogTitle>
          <AlertDialogDescription>
            The {shown.current?.label} entry “{shown.current?.title}” is removed from the lead's timeline. This cannot
            be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
