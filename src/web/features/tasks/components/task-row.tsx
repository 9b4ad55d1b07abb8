import type { ReactNode } from 'react';
import { CheckCircle2, Circle, Trash2 } from 'lucide-react';
import type { Task } from '#shared/schemas/tasks.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { dueLabel, isOverdue } from '#web/lib/task-due.ts';

/** One task: complete (or reopen), what, when (overdue in red), whose; `extra` adds e.g. the lead. */
export function TaskRow({
  task,
  now,
  onComplete,
  onReopen,
  onDelete,
  extra,
}: {
  task: Task;
  now: Date;
  onComplete: (task: Task) => void;
  onReopen?: (task: Task) => void;
  onDelete?: (task: Task) => void;
  extra?: ReactNode;
}) {
  const done = task.doneAt !== null;
  const overdue = !done && isOverdue(task.dueAt, now);
  return (
    <li className="flex items-start gap-2 py-2" data-testid="task-row" data-task-id={task.id}>
      {done ? (
        <Button
          size="icon"
          variant="ghost"
          className="size-8 shrink-0"
          aria-label={`Reopen ${task.title}`}
          title={`Reopen ${task.title}`}
          onClick={() => onReopen?.(task)}
          disabled={!onReopen}
        >
          <CheckCircle2 className="text-emerald-600 dark:text-emerald-400" aria-hidden />
        </Button>
      ) : (
        <Button
          size="icon"
          variant="ghost"
          className="size-8 shrink-0"
          aria-label={`Complete ${task.title}`}
          title={`Complete ${task.title}`}
          onClick={() => onComplete(task)}
        >
          <Circle aria-hidden />
        </Button>
      )}
      <div className="min-w-0 flex-1 pt-1">
        <p className={cn('truncate text-sm font-medium', done && 'text-muted-foreground line-through')}>{task.title}</p>
        <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span
            className={cn(overdue && 'font-medium text-red-700 dark:text-red-400')}
            data-testid={overdue ? 'task-overdue' : undefined}
          >
            {overdue ? 'Overdue · ' : ''}
            {dueLabel(task.dueAt, now)}
          </span>
          {task.ownerName && <span>· {task.ownerName}</span>}
        </p>
        {extra}
      </div>
      {onDelete && (
        <Button
          size="icon"
          variant="ghost"
          className="size-8 shrink-0 text-muted-foreground"
          aria-label={`Delete ${task.title}`}
          title={`Delete ${task.title}`}
          onClick={() => onDelete(task)}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </li>
  );
}
