import { useNavigate } from 'react-router';
import type { Lead, PossibleDuplicate } from '#shared/schemas/leads.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useMergeLeads } from '../api/merge-leads.ts';

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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      // Separate text nodes, as before: one string is shaped as a whole and moves a glyph by a pixel.
      title={
        <>
          Merge #{newer.reference} into #{older.reference}?
        </>
      }
      description={
        <>
          The newer lead #{newer.reference} moves its timeline, notes and proposals into the older lead #
          {older.reference}, and #{newer.reference} is then deleted. This cannot be undone.
        </>
      }
      confirmLabel="Merge leads"
      onConfirm={() => merge.mutateAsync(duplicate.id)}
      successMessage={(result) => `Lead #${result.mergedReference} merged into #${older.reference}`}
      failureMessage="Failed to merge leads"
      onSuccess={(result) => {
        if (result.leadId !== lead.id) void navigate(`/admin/leads/${result.leadId}`, { replace: true });
      }}
    />
  );
}
