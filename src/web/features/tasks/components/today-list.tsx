import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarCheck } from 'lucide-react';
import type { TodayTask } from '#shared/schemas/tasks.ts';
import { dayBounds } from '#shared/tasks/presets.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToday } from '../api/get-today.ts';
import { CompleteTaskDialog } from './complete-task-dialog.tsx';
import { TaskRow } from './task-row.tsx';
import { useClock } from './use-clock.ts';

function TaskSection({
  title,
  tasks,
  now,
  onComplete,
  testId,
}: {
  title: string;
  tasks: TodayTask[];
  now: Date;
  onComplete: (t: TodayTask) => void;
  testId: string;
}) {
  return (
    <Card className="gap-2" data-testid={testId}>
      <CardHeader>
        <CardTitle role="heading" aria-level={2} className="flex items-center gap-2">
          {title} <span className="text-sm font-normal text-muted-foreground">{tasks.length}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {tasks.length === 0 ? (
          <p className="py-2 text-sm text-muted-foreground">Nothing here.</p>
        ) : (
          <ul className="divide-y" aria-label={title}>
            {tasks.map((t) => (
              <TaskRow
                key={t.id}
                task={t}
                now={now}
                onComplete={() => onComplete(t)}
                extra={
                  <Link
                    to={`/admin/leads/${t.leadId}`}
                    className="mt-0.5 block truncate text-xs text-primary underline-offset-4 hover:underline"
                  >
                    {[t.lead.firstName, t.lead.lastName].filter(Boolean).join(' ')} · #{t.lead.reference} ·{' '}
                    {t.lead.vehicleMake} {t.lead.vehicleModel}
                    {t.lead.phone ? ` · ${t.lead.phone}` : ''}
                  </Link>
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Today (ADR 066): my overdue tasks, then the rest of today, each linking to its lead. */
export function TodayList() {
  const now = useClock();
  const [until] = useState(() => dayBounds(new Date()).end);
  const today = useToday(until);
  const [completing, setCompleting] = useState<TodayTask | null>(null);
  return (
    <>
      <QueryStates
        query={today}
        pending={<Skeleton className="h-40 w-full" />}
        errorTitle="Failed to load your tasks"
        isEmpty={(d) => d.overdue.length + d.today.length === 0}
        empty={
          <div className="flex flex-col items-center gap-2 rounded-xl border bg-card px-4 py-16 text-center text-muted-foreground">
            <CalendarCheck className="size-8" aria-hidden />
            <p className="font-medium text-foreground">Nothing due today</p>
            <p className="text-sm">Tasks you own appear here on the day they are due, and stay until done.</p>
          </div>
        }
      >
        {(d) => (
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <TaskSection
              title="Overdue"
              tasks={d.overdue}
              now={now}
              onComplete={setCompleting}
              testId="today-overdue"
            />
            <TaskSection title="Due today" tasks={d.today} now={now} onComplete={setCompleting} testId="today-due" />
          </div>
        )}
      </QueryStates>
      <CompleteTaskDialog task={completing} onOpenChange={(o) => !o && setCompleting(null)} />
    </>
  );
}
