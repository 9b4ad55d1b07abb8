import { useState } from 'react';
import { Link } from 'react-router';
import { Copy } from 'lucide-react';
import type { Lead, PossibleDuplicate } from '#shared/schemas/leads.ts';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { MergeLeadsDialog } from '../dialogs/merge-leads-dialog.tsx';
import { fullName } from './contact-card.tsx';

const MATCHED: Record<PossibleDuplicate['matchedOn'], string> = {
  email: 'same email',
  phone: 'same phone',
  both: 'same email and phone',
};

/** 'Possible duplicate of #ref' for each other open lead with the same e-mail or phone (ADR 012). */
export function DuplicateNotices({ lead }: { lead: Lead }) {
  const [merging, setMerging] = useState<PossibleDuplicate | null>(null);
  if (lead.duplicates.length === 0) return null;
  return (
    <div className="mb-4 grid gap-2">
      {lead.duplicates.map((dup) => (
        <Alert key={dup.id} variant="warning" data-testid="duplicate-notice">
          <Copy aria-hidden />
          <AlertTitle>
            Possible duplicate of{' '}
            <Link to={`/admin/leads/${dup.id}`} className="text-primary underline-offset-4 hover:underline">
              #{dup.reference}
            </Link>
          </AlertTitle>
          <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {fullName(dup)}, created {formatDateTime(dup.createdAt)} ({MATCHED[dup.matchedOn]})
            </span>
            <Button size="sm" variant="outline" onClick={() => setMerging(dup)}>
              Merge
            </Button>
          </AlertDescription>
        </Alert>
      ))}
      {merging && (
        <MergeLeadsDialog lead={lead} duplicate={merging} open onOpenChange={(open) => !open && setMerging(null)} />
      )}
    </div>
  );
}
