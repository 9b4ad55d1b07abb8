import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Proposal } from '#shared/schemas/proposals.ts';
import type { User } from '#shared/schemas/users.ts';
import { Link, useOutletContext, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Loader2, SearchX } from 'lucide-react';
import { QueryStates } from '#web/components/query-states.tsx';
import { StaleWriteBoundary } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { ProposalEmailDialog } from '#web/features/email/components/proposal-email-dialog.tsx';
import { SendEmailButton } from '#web/features/email/components/send-email-dialog.tsx';
import { useLead } from '#web/features/leads/api/get-lead.ts';
import { leadKey } from '#web/features/leads/api/lead-keys.ts';
import { ContactCard } from '#web/features/leads/detail/contact-card.tsx';
import { DuplicateNotices } from '#web/features/leads/detail/duplicate-notices.tsx';
import { LeadHeader } from '#web/features/leads/detail/lead-header.tsx';
import { NotesCard } from '#web/features/leads/detail/notes-card.tsx';
import { QuoteCard } from '#web/features/leads/detail/quote-card.tsx';
import { useMarkSeenOnce } from '#web/features/leads/detail/use-mark-seen.ts';
import { VehicleCard } from '#web/features/leads/detail/vehicle-card.tsx';
import { LeadFormDialog } from '#web/features/leads/dialogs/lead-form-dialog.tsx';
import { CreateImportDialog } from '#web/features/imports/dialogs/create-import-dialog.tsx';
import { useProposals } from '#web/features/proposals/api/get-proposals.ts';
import { ProposalsCard } from '#web/features/proposals/components/proposals-card.tsx';
import { TimelineCard } from '#web/features/timeline/components/timeline-card.tsx';
import { LeadTasksCard } from '#web/features/tasks/components/lead-tasks-card.tsx';

/** /admin/leads/{id}: one lead, its timeline and proposals. */
export function LeadDetailScreen() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <LeadMissing />;
  // A fresh screen per lead: edit modes, notes draft and the seen call start over.
  return <LeadDetail key={id} id={id} />;
}

function LeadDetail({ id }: { id: number }) {
  const query = useLead(id);
  const queryClient = useQueryClient();
  // Reload after a stale write (ADR 024): the lead with its timeline and proposals (all under its key).
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: leadKey(id) }), [queryClient, id]);
  const [editOpen, setEditOpen] = useState(false);
  const [converting, setConverting] = useState(false);
  // The conversion dialog's picker; the proposals card reads the same query.
  const proposals = useProposals(id);
  const [emailing, setEmailing] = useState<Proposal | null>(null);
  // The admin layout provides the signed-in user (absent when the screen is drawn alone, in tests).
  const user = useOutletContext<{ user?: User } | null>()?.user ?? null;
  useMarkSeenOnce(id, !!query.data);
  // ?proposal={id}: the browser extension's link opens that proposal in the editor, once.
  const [search, setSearch] = useSearchParams();
  const openProposal = Number(search.get('proposal'));
  const clearOpenProposal = useCallback(
    () =>
      setSearch(
        (params) => {
          params.delete('proposal');
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );

  // Also after a live refresh: a lead merged away or deleted elsewhere answers 404.
  if (query.error instanceof ApiError && query.error.status === 404) return <LeadMissing />;
  return (
    <QueryStates
      query={query}
      pending={
        <div className="flex justify-center py-16">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Loading lead" />
        </div>
      }
      errorTitle="The lead could not be loaded."
      errorLayout="card"
      keepDataOnError
    >
      {(lead) => (
        <StaleWriteBoundary refetch={reload}>
          <LeadHeader lead={lead} onEdit={() => setEditOpen(true)} />
          <DuplicateNotices lead={lead} />
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <div className="grid min-w-0 gap-4">
              <ContactCard lead={lead} onConvert={() => setConverting(true)} />
              <VehicleCard lead={lead} />
              <QuoteCard lead={lead} />
              <NotesCard lead={lead} />
            </div>
            <div className="grid min-w-0 gap-4">
              <LeadTasksCard leadId={lead.id} meId={user?.id ?? null} />
              <TimelineCard leadId={lead.id} actions={user && <SendEmailButton lead={lead} user={user} />} />
              <ProposalsCard
                leadId={lead.id}
                openProposalId={Number.isSafeInteger(openProposal) && openProposal > 0 ? openProposal : null}
                onOpened={clearOpenProposal}
                onSendEmail={user ? setEmailing : undefined}
              />
            </div>
          </div>
          <LeadFormDialog mode="edit" lead={lead} open={editOpen} onOpenChange={setEditOpen} />
          <CreateImportDialog
            open={converting}
            onOpenChange={setConverting}
            lead={lead}
            proposals={proposals.data ?? []}
          />
          {user && (
            <ProposalEmailDialog
              lead={lead}
              user={user}
              proposal={emailing}
              onOpenChange={(open) => !open && setEmailing(null)}
            />
          )}
        </StaleWriteBoundary>
      )}
    </QueryStates>
  );
}

function LeadMissing() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden />
        <h1 className="text-xl font-semibold">Lead not found</h1>
        <p className="text-sm text-muted-foreground">It may have been merged into another lead or deleted.</p>
        <Button asChild variant="outline">
          <Link to="/admin/leads">
            <ArrowLeft aria-hidden /> Back to leads
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
