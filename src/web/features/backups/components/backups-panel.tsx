import { useRef, useState } from 'react';
import { DatabaseBackup, Loader2, Upload } from 'lucide-react';
import type { Backup } from '#shared/schemas/backups.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toastSuccess } from '#web/lib/notify.ts';
import { useCreateBackup, useUploadBackup } from '../api/backup-mutations.ts';
import { useBackupList, useBackupStatus } from '../api/backups-queries.ts';
import { BackupInfoCard } from './backup-info-card.tsx';
import { BackupsList } from './backups-list.tsx';
import { RestoreDialog, toastBackupError } from './restore-dialog.tsx';
import { ScheduleCard } from './schedule-card.tsx';

/** Create backup and Upload, for the screen's header. */
export function BackupActions({ onUploaded }: { onUploaded: (backup: Backup) => void }) {
  const status = useBackupStatus();
  const create = useCreateBackup();
  const upload = useUploadBackup();
  const input = useRef<HTMLInputElement>(null);
  const unavailable = !status.data?.available || status.data.restoring;

  const onCreate = async () => {
    try {
      await create.mutateAsync();
      toastSuccess('Database backup created successfully');
    } catch (err) {
      toastBackupError('Backup Failed', err);
    }
  };
  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    try {
      const backup = await upload.mutateAsync(file);
      toastSuccess(`Backup uploaded: ${backup.filename}`);
      onUploaded(backup);
    } catch (err) {
      toastBackupError('Upload Failed', err);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={input}
        type="file"
        accept=".tar,application/x-tar"
        className="hidden"
        data-testid="backup-upload-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={unavailable || upload.isPending}>
        {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
        Upload backup
      </Button>
      <Button onClick={() => void onCreate()} disabled={unavailable || create.isPending}>
        {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <DatabaseBackup aria-hidden />}
        Create backup
      </Button>
    </div>
  );
}

/** The info card, the list of backups and the schedule card. */
export function BackupsPanel({
  restoring,
  onRestoreChange,
}: {
  restoring: Backup | null;
  onRestoreChange: (backup: Backup | null) => void;
}) {
  const status = useBackupStatus();
  const list = useBackupList();
  const [skeleton] = useState(() => <Skeleton className="h-40 w-full" />);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-6">
        <QueryStates query={status} pending={skeleton} errorTitle="Failed to load the backup settings">
          {(s) => <BackupInfoCard status={s} />}
        </QueryStates>
        <Card>
          <CardHeader>
            <CardTitle>Backups</CardTitle>
            <CardDescription>Newest first. Restoring takes a restore point of the current data first.</CardDescription>
          </CardHeader>
          <CardContent>
            <QueryStates
              query={list}
              pending={skeleton}
              errorTitle="Failed to load the backups"
              isEmpty={(rows) => rows.length === 0}
              empty={<p className="py-6 text-center text-muted-foreground">No backups yet.</p>}
            >
              {(rows) => (
                <BackupsList
                  backups={rows}
                  onRestore={onRestoreChange}
                  disabled={!status.data?.available || !!status.data.restoring}
                />
              )}
            </QueryStates>
          </CardContent>
        </Card>
      </div>
      <div className="min-w-0">
        <QueryStates query={status} pending={skeleton} errorTitle="Failed to load the schedule">
          {(s) => <ScheduleCard status={s} />}
        </QueryStates>
      </div>
      <RestoreDialog backup={restoring} onClose={() => onRestoreChange(null)} />
    </div>
  );
}
