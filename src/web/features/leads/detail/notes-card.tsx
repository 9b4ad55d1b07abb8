import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { Loader2 } from 'lucide-react';
import { LEAD_NOTES_MAX, type Lead } from '#shared/schemas/leads.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { cn } from '#web/lib/cn.ts';
import { useBaseVersion, useStaleWriteEpoch } from '#web/components/stale-write.tsx';
import { toastSuccess } from '#web/lib/notify.ts';
import { useLeadWrite } from './use-lead-write.ts';
import { clearNotesDraft, readNotesDraft, writeNotesDraft } from './notes-draft.ts';

/** Text area height follows the text between these bounds. */
export const NOTES_MIN_HEIGHT = 120;
export const NOTES_MAX_HEIGHT = 300;

/**
 * Notes with a counter and a hard 1000-character limit. Typed text is never lost: it is kept per
 * lead in sessionStorage until saved, and leaving the lead (in the app or closing the tab) with
 * unsaved notes asks first. Mount with key={lead.id}.
 */
export function NotesCard({ lead }: { lead: Lead }) {
  const saved = lead.notes ?? '';
  const [draft, setDraft] = useState<string | null>(
    () => readNotesDraft(lead.id, saved)?.slice(0, LEAD_NOTES_MAX) ?? null,
  );
  const value = draft ?? saved;
  const dirty = draft !== null && draft !== saved;
  const { write, pending } = useLeadWrite(lead);
  // The version the draft started from (the first keystroke; a draft kept from before a reload of
  // the page starts from the version then on screen): a live refresh must not make the save blind.
  const base = useBaseVersion(lead.version, useStaleWriteEpoch());
  const textarea = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(NOTES_MAX_HEIGHT, Math.max(NOTES_MIN_HEIGHT, el.scrollHeight + 2))}px`;
  }, [value]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const change = (text: string) => {
    if (text === saved) {
      clearNotesDraft(lead.id);
      setDraft(null);
      base.stop();
    } else {
      writeNotesDraft(lead.id, text);
      setDraft(text);
      base.start();
    }
  };
  const save = () => {
    const text = value;
    write(
      { notes: text === '' ? null : text },
      {
        failure: 'Failed to save notes',
        onSuccess: () => {
          toastSuccess('Notes saved successfully');
          // Only if nothing was typed while saving.
          setDraft((current) => {
            if (current !== null && current !== text) return current;
            clearNotesDraft(lead.id);
            base.stop();
            return null;
          });
        },
      },
      base.version,
    );
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          <label htmlFor="lead-notes">Notes</label>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Textarea
          ref={textarea}
          id="lead-notes"
          value={value}
          maxLength={LEAD_NOTES_MAX}
          onChange={(e) => change(e.target.value)}
          placeholder="Notes about this lead"
          aria-describedby="lead-notes-counter"
          className="resize-none overflow-y-auto [field-sizing:fixed]"
          style={{ minHeight: NOTES_MIN_HEIGHT, maxHeight: NOTES_MAX_HEIGHT }}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p
            id="lead-notes-counter"
            className={cn('text-xs text-muted-foreground', value.length >= LEAD_NOTES_MAX && 'text-destructive')}
            data-testid="notes-counter"
          >
            {value.length}/{LEAD_NOTES_MAX}
            {dirty && <span className="ml-2 text-warning-foreground dark:text-warning">Unsaved changes</span>}
          </p>
          <Button size="sm" onClick={save} disabled={!dirty || pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            Save notes
          </Button>
        </div>
      </CardContent>
      <AlertDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving the notes?</AlertDialogTitle>
            <AlertDialogDescription>
              Your notes on lead #{lead.reference} are not saved. They stay as a draft in this browser tab, but nobody
              else sees them until you save.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Stay</AlertDialogCancel>
            <AlertDialogAction onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
              Leave
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
