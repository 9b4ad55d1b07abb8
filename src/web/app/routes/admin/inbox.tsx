import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { InboxItem } from '#shared/schemas/inbox.ts';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { StaleWriteBoundary } from '#web/components/stale-write.tsx';
import { SendEmailDialog } from '#web/features/email/components/send-email-dialog.tsx';
import { useLead } from '#web/features/leads/api/get-lead.ts';
import { LEADS_KEY } from '#web/features/leads/api/lead-keys.ts';
import { InboxList } from '#web/features/leads/inbox/inbox-list.tsx';
import type { User } from '#shared/schemas/users.ts';
import { useCurrentUser } from './use-admin-context.ts';

/** The reply: the lead's own send dialog (threaded under the customer's latest e-mail), once the lead is read. */
function InboxReply({ leadId, user, onClose }: { leadId: number; user: User; onClose: () => void }) {
  const lead = useLead(leadId);
  if (!lead.data) return null;
  return <SendEmailDialog lead={lead.data} user={user} open onOpenChange={(open) => !open && onClose()} />;
}

/** /admin/inbox (ADR 065): conversations waiting for an answer, from both mailboxes. */
export function InboxScreen() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState<number | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: LEADS_KEY });
  return (
    <>
      <PageHeader title="Inbox" subtitle="Customers waiting for an answer, newest first" />
      <StaleWriteBoundary refetch={reload}>
        <InboxList meId={user.id} onReply={(item: InboxItem) => setReplying(item.leadId)} />
      </StaleWriteBoundary>
      {replying !== null && (
        <InboxReply
          leadId={replying}
          user={user}
          onClose={() => {
            setReplying(null);
            void reload();
          }}
        />
      )}
    </>
  );
}
