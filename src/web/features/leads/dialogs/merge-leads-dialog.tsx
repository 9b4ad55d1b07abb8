import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import type { Lead, PossibleDuplicate } from '#shared/schemas/leads.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useMergeLeads } from '../api/merge-leads.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';

type Side = Pick<Lead, 'id' | 'reference' | 'createdAt'>;

/** The server keeps the older lead by creation (ADR 012); the same rule names them here. */
export function survivorOf(a: Side, b: Side): { older: Side; newer: Side } {
  const ta = Date.parse(a.createdAt);
  const tb = Date.parse(b.createdAt);
  const aOlder = ta < tb || (ta === tb && a.id < b.id);
  return aOlder ? { older: a, newer: b } : { older: b, newer: a };
}

/** Confirms merging this lead with a possible duplicate, then opens the surviving lead. */
export function MergeLeadsDialog({
  lead,
  duplicate,
  open,
  onOpenChange,
}: {
  lead: Lead;
  duplicate: PossibleDuplicate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const merge = useMergeLeads(lead.id);
  const navigate = useNavigate();
  const { older, newer } = survivorOf(lead, duplicate);
  const confirm = () =>
    merge.mutate(duplicate.id, {
      onSuccess: (result) => {
        toastSuccess(`Lead #${result.mergedReference} merged into #${older.reference}`);
        onOpenChange(false);
        if (result.leadId !== lead.id) void navigate(`/admin/leads/${result.leadId}`, { replace: true });
      },
      onError: (err) => toastFailure('Failed to merge leads', err),
    });
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            Merge #{newer.reference} into #{older.reference}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            The newer lead #{newer.reference} moves its timeline, notes and proposals into the older lead #
            {older.reference}, and #{newer.reference} is then deleted. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={merge.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog stays open until the merge answers. */}
          <Button onClick={confirm} disabled={merge.isPending}>
            {merge.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Merge leads
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
