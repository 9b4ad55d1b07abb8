import { useState } from 'react';
import {
  LOST_REASON_LABELS,
  LOST_REASON_REQUIRED,
  LOST_REASON_TEXT_MAX,
  LOST_REASON_TEXT_REQUIRED,
  LOST_REASONS,
  type LostReason,
} from '#shared/leads/lost-reasons.ts';
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

/** 'Why was this lead lost?': asked when staff reject a lead (ADR 067); the funnel counts the answers. */
export function LostReasonDialog({
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: LostReason, text: string | null) => void;
}) {
  const [reason, setReason] = useState<LostReason | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(LOST_REASON_REQUIRED);
    if (reason === 'other' && !text.trim()) return setError(LOST_REASON_TEXT_REQUIRED);
    setError(null);
    onConfirm(reason, text.trim() || null);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Why was this lead lost?</DialogTitle>
            <DialogDescription>
              The reason is kept on the lead and its timeline, and counted on the dashboard.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2" aria-describedby={error ? 'lost-reason-error' : undefined}>
            <legend className="sr-only">Reason</legend>
            {LOST_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5"
              >
                <input
                  type="radio"
                  name="lost-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-primary"
                />
                {LOST_REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="lost-reason-text">{reason === 'other' ? 'What happened' : 'Details (optional)'}</Label>
            <Textarea
              id="lost-reason-text"
              value={text}
              maxLength={LOST_REASON_TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
              rows={2}
            />
          </div>
          {error && (
            <p id="lost-reason-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Reject lead
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
