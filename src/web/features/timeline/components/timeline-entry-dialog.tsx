import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import {
  TIMELINE_KIND_LABELS,
  timelineEntryInputSchema,
  type TimelineEntry,
  type TimelineEntryInput,
} from '#shared/schemas/timeline.ts';
import { StaleWriteNotice, useBaseVersion, useStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useCreateTimelineEntry } from '../api/create-timeline-entry.ts';
import { timelineKey } from '../api/timeline-keys.ts';
import { useUpdateTimelineEntry } from '../api/update-timeline-entry.ts';
import { fromLocalInput, toLocalInput } from './email-text.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useResetOnOpen } from '#web/hooks/use-reset-on-open.ts';

type ContactType = 'call' | 'chat';
interface Values {
  type: ContactType;
  title: string;
  description: string;
  when: string;
}
type Errors = Partial<Record<'type' | 'title' | 'description' | 'createdAt', string>>;

const NON_EMAIL_REQUIRED = 'Title and description are required for non-email entries';
const EMPTY: Values = { type: 'call', title: '', description: '', when: '' };
const valuesOf = (entry: TimelineEntry): Values => ({
  type: entry.type === 'chat' ? 'chat' : 'call',
  title: entry.title ?? '',
  description: entry.description ?? '',
  when: toLocalInput(entry.createdAt),
});

/**
 * Add or edit a call or chat entry (title and description are both required). The optional date
 * and time records a contact that happened earlier.
 */
export function TimelineEntryDialog({
  leadId,
  entry,
  open,
  onOpenChange,
}: {
  leadId: number;
  entry?: TimelineEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateTimelineEntry(leadId);
  const update = useUpdateTimelineEntry();
  const pending = create.isPending || update.isPending;
  const editing = !!entry;
  // An edit sends the version read when the dialog opened (ADR 024); a stale save shows the notice
  // above the buttons and keeps what was typed until the user reloads.
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: timelineKey(leadId) }),
    [queryClient, leadId],
  );
  const stale = useStaleWrite(refetch);
  const base = useBaseVersion(entry?.version ?? 1, stale.epoch);
  const { start: startBase, stop: stopBase } = base;
  const { clear: clearStale } = stale;

  // Filled when the dialog opens or shows another entry; a live refresh of the same entry keeps what is typed.
  useResetOnOpen(
    open,
    () => {
      setValues(entry ? valuesOf(entry) : EMPTY);
      setErrors({});
      startBase();
    },
    {
      key: entry?.id,
      onClose: () => {
        stopBase();
        clearStale();
      },
    },
  );

  const set = <K extends keyof Values>(name: K, value: Values[K]) => setValues((v) => ({ ...v, [name]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An unchanged date is not sent: the input has no seconds and would move the entry.
    const whenChanged = !entry || values.when !== toLocalInput(entry.createdAt);
    const data: TimelineEntryInput = {
      type: values.type,
      title: values.title,
      description: values.description,
      ...(entry?.metadata ? { metadata: entry.metadata } : {}),
      ...(whenChanged && fromLocalInput(values.when) ? { createdAt: fromLocalInput(values.when) } : {}),
    };
    const parsed = timelineEntryInputSchema.safeParse(data);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const onError = (err: unknown) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      if (stale.report(err)) return;
      toastFailure(editing ? 'Failed to update timeline entry' : 'Failed to create timeline entry', err);
    };
    const onSuccess = () => {
      toastSuccess(editing ? 'Timeline entry updated successfully' : 'Timeline entry created successfully');
      onOpenChange(false);
    };
    if (entry) update.mutate({ id: entry.id, data: { ...data, version: base.version } }, { onSuccess, onError });
    else create.mutate(data, { onSuccess, onError });
  };

  // The required rule names both fields: said once, under them, with each empty one marked.
  const required = errors.title === NON_EMAIL_REQUIRED || errors.description === NON_EMAIL_REQUIRED;
  const invalid = (name: 'title' | 'description') => !!errors[name] || (required && !values[name].trim());
  const describedBy = (name: 'title' | 'description') =>
    required && !values[name].trim() ? 'timeline-required-error' : errors[name] ? `timeline-${name}-error` : undefined;

  const errorText = (name: keyof Errors) =>
    errors[name] && (
      <p id={`timeline-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Timeline Entry' : 'Add Timeline Entry'}</DialogTitle>
          <DialogDescription>A phone call or a text/WhatsApp conversation with the customer.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="timeline-type">Type</Label>
            <Select value={values.type} onValueChange={(v) => set('type', v as ContactType)}>
              <SelectTrigger id="timeline-type" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="call">{TIMELINE_KIND_LABELS.call}</SelectItem>
                <SelectItem value="chat">{TIMELINE_KIND_LABELS.chat}</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="timeline-title">Title</Label>
            <Input
              id="timeline-title"
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
              maxLength={200}
              aria-invalid={invalid('title')}
              aria-describedby={describedBy('title')}
            />
            {errors.title !== NON_EMAIL_REQUIRED && errorText('title')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="timeline-description">Description</Label>
            <Textarea
              id="timeline-description"
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              maxLength={5000}
              className="max-h-72 min-h-28"
              aria-invalid={invalid('description')}
              aria-describedby={describedBy('description')}
            />
            {errors.description !== NON_EMAIL_REQUIRED && errorText('description')}
            {required && (
              <p id="timeline-required-error" className="text-sm text-destructive">
                {NON_EMAIL_REQUIRED}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="timeline-when">Date and time of the contact</Label>
            <Input
              id="timeline-when"
              type="datetime-local"
              value={values.when}
              max={toLocalInput(new Date().toISOString())}
              onChange={(e) => set('when', e.target.value)}
              aria-invalid={!!errors.createdAt}
            />
            {errors.createdAt ? (
              errorText('createdAt')
            ) : (
              <p className="text-xs text-muted-foreground">{editing ? 'When it happened.' : 'Leave empty for now.'}</p>
            )}
          </div>
          {stale.message !== null && (
            <StaleWriteNotice
              message={stale.message}
              onReload={() => void stale.reload()}
              reloading={stale.reloading}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {editing ? 'Save changes' : 'Add entry'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
