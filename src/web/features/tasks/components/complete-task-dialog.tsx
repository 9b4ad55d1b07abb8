import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { Task } from '#shared/schemas/tasks.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { cn } from '#web/lib/cn.ts';
import { useUpdateTask } from '../api/write-task.ts';

type LogChoice = 'none' | 'call' | 'chat';
const CHOICES: { value: LogChoice; label: string }[] = [
  { value: 'none', label: 'Just complete' },
  { value: 'call', label: 'Log a call' },
  { value: 'chat', label: 'Log a note' },
];

/** Completing a task, optionally logging a call or note on the lead's timeline in the same step. */
export function CompleteTaskDialog({ task, onOpenChange }: { task: Task | null; onOpenChange: (o: boolean) => void }) {
  const update = useUpdateTask();
  const reportStale = useReportStaleWrite();
  const [choice, setChoice] = useState<LogChoice>('none');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (task) {
      setChoice('none');
      setNotes('');
      setError(null);
    }
  }, [task]);

  const complete = () => {
    if (!task) return;
    if (choice !== 'none' && !notes.trim()) return setError('Notes are required');
    update.mutate(
      {
        id: task.id,
        done: true,
        version: task.version,
        ...(choice !== 'none' ? { log: { type: choice, notes } } : {}),
      },
      {
        onSuccess: () => {
          toastSuccess(choice === 'none' ? 'Task completed' : 'Task completed and logged');
          onOpenChange(false);
        },
        onError: (err) => {
          onOpenChange(false);
          if (!reportStale(err)) toastFailure('Failed to complete task', err);
        },
      },
    );
  };

  return (
    <Dialog open={!!task} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete task</DialogTitle>
          <DialogDescription>{task?.title}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Log on the timeline">
            {CHOICES.map((c) => (
              <button
                key={c.value}
                type="button"
                role="radio"
                aria-checked={choice === c.value}
                onClick={() => setChoice(c.value)}
                className={cn(
                  'rounded-md border px-2 py-2 text-sm transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  choice === c.value ? 'border-primary bg-primary/10 font-medium' : 'hover:bg-muted',
                )}
              >
                {c.label}
              </button>
            ))}
          </div>
          {choice !== 'none' && (
            <div className="grid gap-1.5">
              <Label htmlFor="complete-task-notes">Notes</Label>
              <Textarea
                id="complete-task-notes"
                value={notes}
                maxLength={5000}
                aria-invalid={!!error}
                onChange={(e) => {
                  setNotes(e.target.value);
                  setError(null);
                }}
              />
              {error && <p className="text-sm text-destructive">{error}</p>}
            </div>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={complete} disabled={update.isPending}>
            {update.isPending && <Loader2 className="animate-spin" aria-hidden />} Complete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
