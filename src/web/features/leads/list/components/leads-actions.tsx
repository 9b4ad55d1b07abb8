import { CheckCheck, Download, Hash, MailSearch, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TapTip } from '#web/components/ui/tap-tip.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { exportLeadsUrl } from '../../api/export-leads.ts';
import { useMarkAllSeen } from '../../api/mark-all-seen.ts';
import type { LeadListFilters } from '../filters.ts';

/** Until a mailbox can be connected, say what is missing; there is no screen to send anyone to. */
export const MAILBOX_NOT_CONNECTED = 'E-mail is not connected yet: e-mails cannot be checked or imported from here.';

/**
 * A mailbox button that cannot work yet. It stays focusable and tappable (aria-disabled, not
 * disabled) so a tap, a click, hover or focus shows why.
 */
function NeedsMailbox({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <TapTip content={MAILBOX_NOT_CONNECTED} side="bottom">
      <Button size="sm" variant="outline" aria-disabled="true" className="opacity-50">
        {icon} {label}
      </Button>
    </TapTip>
  );
}

/** The list's header buttons, each with its name in words (phones too). The two mailbox buttons wait for the mail integration. */
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
      <NeedsMailbox icon={<MailSearch />} label="Check e-mails" />
      <NeedsMailbox icon={<Hash />} label="Import lead by reference" />
      <Button size="sm" variant="outline" onClick={markAll} disabled={markAllSeen.isPending}>
        <CheckCheck /> Mark all as read
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={exportLeadsUrl(filters)} download>
          <Download /> Export CSV
        </a>
      </Button>
    </div>
  );
}
