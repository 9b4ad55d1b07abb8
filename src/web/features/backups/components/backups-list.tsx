import { Download, History } from 'lucide-react';
import type { Backup } from '#shared/schemas/backups.ts';
import { Button } from '#web/components/ui/button.tsx';
import { backupDownloadUrl } from '../api/backups-queries.ts';
import { BackupTypeBadge } from './backup-type-badge.tsx';
import { formatBackupTime, formatBytes } from './format-backup.ts';

/** Newest first: type, file name, size, time; Download and Restore on each. */
export function BackupsList({
  backups,
  onRestore,
  disabled,
}: {
  backups: Backup[];
  onRestore: (backup: Backup) => void;
  disabled: boolean;
}) {
  return (
    <ul className="divide-y" aria-label="Backups">
      {backups.map((b) => (
        <li key={b.filename} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="backup-row">
          <div className="min-w-0 flex-1 basis-64">
            <div className="flex flex-wrap items-center gap-2">
              <BackupTypeBadge type={b.type} />
              <span className="font-mono text-sm break-all">{b.filename}</span>
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              {formatBytes(b.size)} · {formatBackupTime(b.created)}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" asChild>
              <a href={backupDownloadUrl(b.filename)} download={b.filename} aria-label={`Download ${b.filename}`}>
                <Download aria-hidden />
                Download
              </a>
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onRestore(b)}
              disabled={disabled}
              aria-label={`Restore ${b.filename}`}
            >
              <History aria-hidden />
              Restore
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
