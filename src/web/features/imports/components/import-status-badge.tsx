import { IMPORT_STATUS_LABELS, type ImportStatus } from '#shared/imports/status.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';

/** One hue per stage, the concluded ones clearly apart: delivered green, canceled red. */
const STATUS_CLASSES: Record<ImportStatus, string> = {
  confirmed: 'bg-sky-100 text-sky-800 dark:bg-sky-500/20 dark:text-sky-200',
  handling_paperwork: 'bg-violet-100 text-violet-800 dark:bg-violet-500/20 dark:text-violet-200',
  waiting_transport: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
  in_transit: 'bg-orange-100 text-orange-900 dark:bg-orange-500/20 dark:text-orange-200',
  arrived: 'bg-teal-100 text-teal-800 dark:bg-teal-500/20 dark:text-teal-200',
  inspected: 'bg-cyan-100 text-cyan-800 dark:bg-cyan-500/20 dark:text-cyan-200',
  legalized: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/20 dark:text-indigo-200',
  delivered: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
  canceled: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
};

export function ImportStatusBadge({ status, className }: { status: ImportStatus; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-status={status}
      data-testid="import-status-badge"
      className={cn('border-transparent', STATUS_CLASSES[status], className)}
    >
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
