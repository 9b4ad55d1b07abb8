import { CheckCheck, Download, Hash, MailSearch, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { exportLeadsUrl } from '../../api/export-leads.ts';
import { useMarkAllSeen } from '../../api/mark-all-seen.ts';
import type { LeadListFilters } from '../filters.ts';

export const MAILBOX_FIRST = 'Connect a mailbox in Settings first';

/** A disabled button cannot show a tooltip itself: a focusable wrapper carries it. */
function NeedsMailbox({ children }: { children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          className="inline-flex rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {children}
        </span>
      </TooltipTrigger>
      <TooltipContent>{MAILBOX_FIRST}</TooltipContent>
    </Tooltip>
  );
}

/** The list's header buttons. The two mailbox buttons wait for the mail integration. */
export function LeadsActions({ filters, onCreate }: { filters: LeadListFilters; onCreate: () => void }) {
  const markAllSeen = useMarkAllSeen();
  const markAll = () =>
    markAllSeen.mutate(undefined, {
      onSuccess: (count) => toast({ title: 'All Leads Marked as Read', description: `Marked ${count} leads as read` }),
      onError: (error) => toastFailure('Failed to mark all leads as read', error),
    });
  return (
    <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
      <Button size="sm" onClick={onCreate}>
        <Plus /> Create lead manually
      </Button>
      <NeedsMailbox>
        <Button size="sm" variant="outline" disabled>
          <MailSearch /> <span className="sr-only sm:not-sr-only">Check e-mails</span>
        </Button>
      </NeedsMailbox>
      <NeedsMailbox>
        <Button size="sm" variant="outline" disabled>
          <Hash /> <span className="sr-only sm:not-sr-only">Import lead by reference</span>
        </Button>
      </NeedsMailbox>
      <Button size="sm" variant="outline" onClick={markAll} disabled={markAllSeen.isPending}>
        <CheckCheck /> <span className="sr-only sm:not-sr-only">Mark all as read</span>
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={exportLeadsUrl(filters)} download>
          <Download /> <span className="sr-only sm:not-sr-only">Export CSV</span>
        </a>
      </Button>
    </div>
  );
}
