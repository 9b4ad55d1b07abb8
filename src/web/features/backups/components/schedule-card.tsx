import { CalendarClock } from 'lucide-react';
import type { BackupStatus } from '#shared/schemas/backups.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatBackupTime } from './format-backup.ts';

/** The automated schedule and its health: last run, next run, last error. */
export function ScheduleCard({ status }: { status: BackupStatus }) {
  const { schedule } = status;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden />
          Schedule
        </CardTitle>
        <CardDescription>
          Automated backups run every hour and are removed after {schedule.retentionDays} days. Manual and migration
          backups are never removed automatically. A backup is also taken before every database migration.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Last run</dt>
          <dd className="font-medium" data-testid="schedule-last-run">
            {schedule.lastRun ? formatBackupTime(schedule.lastRun) : 'Not yet'}
          </dd>
          <dt className="text-muted-foreground">Next run</dt>
          <dd className="font-medium">{formatBackupTime(schedule.nextRun)}</dd>
          <dt className="text-muted-foreground">Last error</dt>
          <dd
            className={schedule.lastError ? 'font-medium text-destructive' : 'font-medium'}
            data-testid="schedule-error"
          >
            {schedule.lastError
              ? `${schedule.lastError}${schedule.lastErrorAt ? ` (${formatBackupTime(schedule.lastErrorAt)})` : ''}`
              : 'None'}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
