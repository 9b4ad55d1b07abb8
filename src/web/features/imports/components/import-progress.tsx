import { IMPORT_PROGRESS, type ImportStatus } from '#shared/imports/status.ts';
import { Progress } from '#web/components/ui/progress.tsx';
import { cn } from '#web/lib/cn.ts';

/** The stage's progress bar and its percent ('35% complete'). */
export function ImportProgress({
  status,
  label,
  className,
}: {
  status: ImportStatus;
  label: string;
  className?: string;
}) {
  const percent = IMPORT_PROGRESS[status];
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Progress
        value={percent}
        aria-label={`${label}: ${percent}% complete`}
        className={status === 'canceled' ? '[&>*]:bg-muted-foreground' : undefined}
      />
      <span className="shrink-0 text-sm text-muted-foreground tabular-nums" data-testid="import-percent">
        {percent}% complete
      </span>
    </div>
  );
}
