import { useRef } from 'react';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { useDeleteTimelineEntry } from '../api/delete-timeline-entry.ts';

/** Deleting a call or chat entry asks first. */
export function DeleteEntryDialog({
  entry,
  onOpenChange,
}: {
  entry: TimelineEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteTimelineEntry();
  const reportStale = useReportStaleWrite();
  // The last entry asked about, so the text stays put while the dialog closes.
  const shown = useRef(entry);
  if (entry) shown.current = entry;
  return (
    <ConfirmDialog
      open={!!entry}
      onOpenChange={onOpenChange}
      title="Delete this timeline entry?"
      description={
        <>
          The {shown.current?.label} entry “{shown.current?.title}” is removed from the lead's timeline. This cannot be
          undone.
        </>
      }
      confirmLabel="Delete"
      destructive
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ id: entry!.id, version: entry!.version });
        } catch (err) {
          // A stale delete shows the screen's notice (ADR 024) and closes; other failures toast and stay.
          if (reportStale(err)) return 'stale';
          throw err;
        }
        return 'deleted';
      }}
      successMessage={(r) => (r === 'stale' ? null : 'Timeline entry deleted successfully')}
      failureMessage="Failed to delete timeline entry"
    />
  );
}
