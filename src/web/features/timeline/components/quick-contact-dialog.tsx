import { useEffect, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { quickContactSchema } from '#shared/schemas/timeline.ts';
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
import { useQuickContact } from '../api/quick-contact.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';

export type QuickContactType = 'call' | 'chat';

/** 'Log call' / 'Log chat': notes only, required, logged now. */
export function QuickContactDialog({
  leadId,
  type,
  onOpenChange,
}: {
  leadId: number;
  type: QuickContactType | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const log = useQuickContact(leadId);

  useEffect(() => {
    if (type) {
      setNotes('');
      setError(null);
    }
  }, [type]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!type) return;
    const parsed = quickContactSchema.safeParse({ type, notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Notes are required');
      return;
    }
    setError(null);
    log.mutate(parsed.data, {
      onSuccess: () => {
        toastSuccess('Contact logged successfully');
        onOpenChange(false);
      },
      onError: (err) => toastFailure('Failed to log contact', err),
    });
  };

  const title = type === 'chat' ? 'Log chat' : 'Log call';
  return (
    <Dialog open={!!type} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {type === 'chat' ? 'A text or WhatsApp conversation, logged now.' : 'A phone call, logged now.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="quick-contact-notes">Notes</Label>
            <Textarea
              id="quick-contact-notes"
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              maxLength={5000}
              className="max-h-72 min-h-28"
              placeholder={type === 'chat' ? 'What was said' : 'What was discussed'}
              aria-invalid={!!error}
              aria-describedby={error ? 'quick-contact-notes-error' : undefined}
            />
            {error && (
              <p id="quick-contact-notes-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={log.isPending}>
              {log.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {title}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
