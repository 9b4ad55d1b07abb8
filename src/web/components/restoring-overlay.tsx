import { DatabaseBackup, Loader2 } from 'lucide-react';
import { useDatabaseRestoring } from '#web/lib/database-restore.ts';

/** Covers every admin screen while the database is being restored; the page reloads afterwards. */
export function RestoringOverlay() {
  const restoring = useDatabaseRestoring();
  if (!restoring) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="restoring-title"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-background/90 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-3 p-6 text-center">
        <DatabaseBackup className="size-10 text-primary" aria-hidden />
        <h2 id="restoring-title" className="text-xl font-semibold">
          Restoring database
        </h2>
        <p className="max-w-sm text-muted-foreground">
          The data is being replaced from a backup. This page reloads when it is done.
        </p>
        <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
      </div>
    </div>
  );
}
