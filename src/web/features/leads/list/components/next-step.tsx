import type { NextTask } from '#shared/schemas/tasks.ts';
import { cn } from '#web/lib/cn.ts';
import { dueLabel, isOverdue } from '#web/lib/task-due.ts';

/** The lead's earliest open task on the list (ADR 066): what and when, overdue in red. */
export function NextStep({ task, now, className }: { task: NextTask | null; now: Date; className?: string }) {
  if (!task) return <span className={cn('text-muted-foreground', className)}>—</span>;
  const overdue = isOverdue(task.dueAt, now);
  return (
    <span className={cn('flex min-w-0 items-center gap-1.5', className)} data-testid="next-step">
      <span className="min-w-0 truncate">{task.title}</span>
      <span
        className={cn(
          'shrink-0 text-xs tabular-nums',
          overdue ? 'font-medium text-red-700 dark:text-red-400' : 'text-muted-foreground',
        )}
        data-overdue={overdue || undefined}
      >
        {overdue ? 'Overdue · ' : ''}
        {dueLabel(task.dueAt, now)}
      </span>
    </span>
  );
}
