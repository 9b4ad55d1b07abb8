import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { taskCreateSchema, type TaskCreateInput } from '#shared/schemas/tasks.ts';
import { TASK_PRESETS } from '#shared/tasks/presets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useTaskOwners } from '../api/get-lead-tasks.ts';
import { useCreateTask } from '../api/write-task.ts';
import { toLocalInput } from '#web/lib/task-due.ts';

/** Quick presets (one click adds the task, owned by me) and the full form: what, when, whose. */
export function AddTaskForm({ leadId, meId, onDone }: { leadId: number; meId: number | null; onDone?: () => void }) {
  const create = useCreateTask(leadId);
  const owners = useTaskOwners();
  const [title, setTitle] = useState('');
  const [due, setDue] = useState(() => toLocalInput(TASK_PRESETS[0]!.dueAt(new Date())));
  const [owner, setOwner] = useState<string>(meId ? String(meId) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = (input: TaskCreateInput) =>
    create.mutate(input, {
      onSuccess: (task) => {
        toastSuccess(`Task added: ${task.title}`);
        setTitle('');
        setErrors({});
        onDone?.();
      },
      onError: (err) => toastFailure('Failed to add task', err),
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = new Date(due);
    const parsed = taskCreateSchema.safeParse({
      title,
      dueAt: Number.isNaN(local.getTime()) ? '' : local.toISOString(),
      ...(owner ? { ownerId: Number(owner) } : {}),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    send(parsed.data);
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick next steps">
        {TASK_PRESETS.map((p) => (
          <Button
            key={p.id}
            type="button"
            size="sm"
            variant="secondary"
            disabled={create.isPending}
            onClick={() => send({ title: p.title, dueAt: p.dueAt(new Date()).toISOString() })}
          >
            {p.label}
          </Button>
        ))}
      </div>
      <form className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={submit} noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor={`task-title-${leadId}`}>What</Label>
          <Input
            id={`task-title-${leadId}`}
            value={title}
            maxLength={200}
            placeholder="Call about the financing"
            aria-invalid={!!errors.title}
            onChange={(e) => setTitle(e.target.value)}
          />
          {errors.title && <p className="text-sm text-destructive">{errors.title}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`task-due-${leadId}`}>Due</Label>
          <Input
            id={`task-due-${leadId}`}
            type="datetime-local"
            value={due}
            aria-invalid={!!errors.dueAt}
            onChange={(e) => setDue(e.target.value)}
          />
          {errors.dueAt && <p className="text-sm text-destructive">{errors.dueAt}</p>}
        </div>
        <div className="grid gap-1.5">
          <Label id={`task-owner-${leadId}`}>Owner</Label>
          <Select value={owner} onValueChange={setOwner}>
            <SelectTrigger aria-labelledby={`task-owner-${leadId}`} className="w-full">
              <SelectValue placeholder="Me" />
            </SelectTrigger>
            <SelectContent>
              {(owners.data ?? []).map((o) => (
                <SelectItem key={o.id} value={String(o.id)}>
                  {o.id === meId ? `${o.name} (me)` : o.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Loader2 className="animate-spin" aria-hidden />} Add task
        </Button>
      </form>
    </div>
  );
}
