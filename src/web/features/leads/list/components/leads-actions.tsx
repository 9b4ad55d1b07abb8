import { useState } from 'react';
import { CheckCheck, Download, Hash, Loader2, MailSearch, Plus, UserPlus } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, isUnauthorized } from '#web/lib/api-client.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { exportLeadsUrl } from '../../api/export-leads.ts';
import { useCheckEmails } from '../../api/mail-check.ts';
import { ImportLeadDialog } from '../../dialogs/import-lead-dialog.tsx';
import { LeadFormDialog } from '../../dialogs/lead-form-dialog.tsx';
import { useMarkAllSeen } from '../../api/mark-all-seen.ts';
import type { LeadListFilters } from '../filters.ts';

/** The toasts for Check e-mails, by the mailbox's answer. */
export function checkFailureToast(err: unknown): { title: string; description: string } {
  const message = err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : String(err);
  const full = err instanceof Error ? err.message : String(err);
  if (/Gmail not/i.test(message)) return { title: 'Gmail Not Connected', description: message };
  if (full.includes('429')) {
    const seconds = /(\d+)\s*seconds?/i.exec(message)?.[1] ?? '30';
    return { title: 'Please Wait', description: `Please wait ${seconds} seconds before checking again` };
  }
  return { title: 'Error', description: `Failed to check emails: ${message}` };
}

/** The list's header buttons, each with its name in words (phones too). */
export function LeadsActions({ filters, onCreate }: { filters: LeadListFilters; onCreate: () => void }) {
  const markAllSeen = useMarkAllSeen();
  const check = useCheckEmails();
  const [importOpen, setImportOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const checkNow = () =>
    check.mutate(undefined, {
      onSuccess: (r) => toast({ title: 'Email Check Complete', description: r.message }),
      onError: (err) => {
        if (isUnauthorized(err)) return;
        const { title, description } = checkFailureToast(err);
        toast({ title, description, variant: 'destructive' });
      },
    });
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
      {/* The Add/Edit Lead dialog in add mode (status and quoted amount chosen up front). */}
      <Button size="sm" variant="outline" onClick={() => setAddOpen(true)}>
        <UserPlus /> Add Lead
      </Button>
      <LeadFormDialog mode="add" open={addOpen} onOpenChange={setAddOpen} />
      <Button size="sm" variant="outline" onClick={checkNow} disabled={check.isPending}>
        {check.isPending ? <Loader2 className="animate-spin" /> : <MailSearch />} Check e-mails
      </Button>
      <Button size="sm" variant="outline" onClick={() => setImportOpen(true)}>
        <Hash /> Import lead by reference
      </Button>
      <ImportLeadDialog open={importOpen} onOpenChange={setImportOpen} />
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
