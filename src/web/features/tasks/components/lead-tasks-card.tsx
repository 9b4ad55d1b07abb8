import { useState } from 'react';
import { ListTodo, Plus } from 'lucide-react';
import type { Task } from '#shared/schemas/tasks.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { toastFailure } from '#web/lib/notify.ts';
import { useLeadTasks } from '../api/get-lead-tasks.ts';
import { useDeleteTask, useUpdateTask } from '../api/write-task.ts';
import { AddTaskForm } from './add-task-form.tsx';
import { CompleteTaskDialog } from './complete-task-dialog.tsx';
import { TaskRow } from './task-row.tsx';
import { useClock } from './use-clock.ts';

/** Done tasks shown under the open ones; older ones stay in the database. */
const DONE_SHOWN = 5;

/** 'Next steps' on a lead (ADR 066): open tasks by due time, quick presets, the add form, recent done ones. */
export function LeadTasksCard({ leadId, meId }: { leadId: number; meId: number | null }) {
  const tasks = useLeadTasks(leadId);
  const now = useClock();
  const [adding, setAdding] = useState(false);
  const [completing, setCompleting] = useState<Task | null>(null);
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const reportStale = useReportStaleWrite();
  const failed = (what: string) => (err: unknown) => {
    if (!reportStale(err)) toastFailure(what, err);
  };
  const reopen = (t: Task) =>
    update.mutate({ id: t.id, done: false, version: t.version }, { onError: failed('Failed to reopen task') });
  const del = (t: Task) => remove.mutate(t, { onError: failed('Failed to delete task') });

  return (
    <Card className="gap-4" data-testid="lead-tasks">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle role="heading" aria-level={2}>
          Next steps
        </CardTitle>
        <Button size="sm" variant={adding ? 'secondary' : 'default'} onClick={() => setAdding((a) => !a)}>
          <Plus aria-hidden /> {adding ? 'Close' : 'Add task'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {adding && <AddTaskForm leadId={leadId} meId={meId} />}
        <QueryStates
          query={tasks}
          pending={<Skeleton className="h-10 w-full" />}
          errorTitle="Failed to load tasks"
          isEmpty={(list) => list.length === 0}
          empty={
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <ListTodo className="size-4" aria-hidden /> No next step yet. Add one so nobody forgets this customer.
            </p>
          }
        >
          {(list) => {
            const open = list.filter((t) => !t.doneAt);
            const done = list.filter((t) => t.doneAt).slice(0, DONE_SHOWN);
            return (
              <ul className="divide-y" aria-label="Tasks">
                {[...open, ...done].map((t) => (
                  <TaskRow key={t.id} task={t} now={now} onComplete={setCompleting} onReopen={reopen} onDelete={del} />
                ))}
              </ul>
            );
          }}
        </QueryStates>
      </CardContent>
      <CompleteTaskDialog task={completing} onOpenChange={(o) => !o && setCompleting(null)} />
    </Card>
  );
}
