import { useState } from 'react';
import { Loader2, Users } from 'lucide-react';
import { BULK_OWNER_MAX } from '#shared/schemas/lead-owners.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useBulkLeadOwner } from '../../api/lead-owners.ts';
import { OwnerSelect } from '../../owner/owner-select.tsx';

/**
 * Bulk assignment from the list (ADR 065): the leads on screen (what the filters and search show,
 * as far as it is loaded, at most BULK_OWNER_MAX) get one owner.
 */
export function BulkOwnerButton({ ids }: { ids: number[] }) {
  const [open, setOpen] = useState(false);
  const [owner, setOwner] = useState<number | null>(null);
  const bulk = useBulkLeadOwner();
  const chosen = ids.slice(0, BULK_OWNER_MAX);
  const n = chosen.length;
  const submit = () =>
    bulk.mutate(
      { ids: chosen, assignedTo: owner },
      {
        onSuccess: (count) => {
          toastSuccess(`${count} ${count === 1 ? 'lead' : 'leads'} assigned`);
          setOpen(false);
        },
        onError: (err) => toastFailure('Failed to assign leads', err),
      },
    );
  return (
    <>
      <Button size="sm" variant="outline" className="h-7" disabled={n === 0} onClick={() => setOpen(true)}>
        <Users aria-hidden /> Assign shown
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Assign {n === 1 ? '1 lead' : `${n} leads`}</DialogTitle>
            <DialogDescription>
              The leads the list shows now get this owner; the owner is told in their notifications.
            </DialogDescription>
          </DialogHeader>
          <OwnerSelect value={owner} onChange={setOwner} label="New owner" className="h-9" />
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={bulk.isPending}>
              {bulk.isPending && <Loader2 className="animate-spin" aria-hidden />} Assign
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
