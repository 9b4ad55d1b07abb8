import { AlertTriangle, Database } from 'lucide-react';
import type { BackupStatus } from '#shared/schemas/backups.ts';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

const DATABASE_NAMES = { pglite: 'Embedded database (PGlite)', postgres: 'PostgreSQL' } as const;

/** What is backed up, with which tool, and where the files go. */
export function BackupInfoCard({ status }: { status: BackupStatus }) {
  const rows: [string, string][] = [
    ['Database', `${DATABASE_NAMES[status.database]} · ${status.databaseVersion}`],
    ['Backup tool', status.tool],
    ['Backup folder', status.backupDir],
    ['Second copy', status.copyDir ?? 'Not set (BACKUP_COPY_DIR)'],
    ['App version', status.appVersion],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Database className="size-5 text-primary" aria-hidden />
          Database backups
        </CardTitle>
        <CardDescription>
          A backup holds every lead, import, proposal, photo and user. Each file has a .sha256 file beside it, so a copy
          can be checked with <code className="text-xs">sha256sum -c</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.problem && (
          <Alert variant="destructive">
            <AlertTriangle aria-hidden />
            <AlertTitle>Backups are unavailable</AlertTitle>
            <AlertDescription>{status.problem}</AlertDescription>
          </Alert>
        )}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
