import { useEffect, useState } from 'react';
import { ExternalLink, Eye, FileText, ImageOff, Link2, Mail, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Proposal, ProposalInputParsed } from '#shared/schemas/proposals.ts';
import { customerProposalUrl } from '#shared/schemas/public-links.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { QueryStates } from '#web/components/query-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { formatEuro } from '#web/lib/money.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { usePublicUrl } from '#web/lib/public-url.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { useDeleteProposal } from '../api/delete-proposal.ts';
import { useProposals } from '../api/get-proposals.ts';
import { viewsText } from '../lib/proposal-text.ts';
import { useMarkProposalDelivered } from '../api/mark-delivered.ts';
import { ExtractDialog } from './extract-dialog.tsx';
import { ProposalEditorDialog } from './proposal-editor-dialog.tsx';
import { ListingWatchMark } from './listing-watch-mark.tsx';

type Editor = {
  open: boolean;
  mode: 'create' | 'edit';
  initial?: ProposalInputParsed;
  proposalId?: number;
  /** The car data was guessed from a page no marketplace vouches for. */
  guessed?: boolean;
};

/**
 * A lead's proposals with add (from a listing URL), edit, copy link, open and delete; the screen
 * may offer sending one by e-mail (the e-mail feature's dialog). `openProposalId` opens that
 * proposal in the editor once the list has it (the browser extension links to
 * `/admin/leads/{id}?proposal={proposalId}`); `onOpened` then clears it.
 */
export function ProposalsCard({
  leadId,
  openProposalId = null,
  onOpened,
  onSendEmail,
}: {
  leadId: number;
  openProposalId?: number | null;
  onOpened?: () => void;
  onSendEmail?: (p: Proposal) => void;
}) {
  const proposals = useProposals(leadId);
  const [extractOpen, setExtractOpen] = useState(false);
  // The editor keeps its content while it closes, so the dialog does not flash empty.
  const [editor, setEditor] = useState<Editor>({ open: false, mode: 'create' });
  useEffect(() => {
    const wanted = openProposalId === null ? undefined : proposals.data?.find((p) => p.id === openProposalId);
    if (!wanted) return;
    setEditor({ open: true, mode: 'edit', initial: wanted, proposalId: wanted.id });
    onOpened?.();
  }, [openProposalId, proposals.data, onOpened]);
  const [deleting, setDeleting] = useState<Proposal | null>(null);
  const remove = useDeleteProposal(leadId);
  const reportStale = useReportStaleWrite();
  // The edited proposal's version as last read: a Reload after a stale save moves the editor to it.
  const editedVersion =
    editor.proposalId === undefined ? undefined : proposals.data?.find((p) => p.id === editor.proposalId)?.version;

  const publicUrl = usePublicUrl();
  const delivered = useMarkProposalDelivered();
  const copyLink = async (p: Proposal) => {
    try {
      if (!publicUrl) throw new Error('no public address yet');
      await navigator.clipboard.writeText(customerProposalUrl(publicUrl, p.publicId));
      toastSuccess('Link copied');
    } catch {
      toast({ title: 'Error', description: 'Failed to copy the link.', variant: 'destructive' });
      return;
    }
    // A copied link reaches the customer: the lead is Quoted (docs/rulings.md ruling 22).
    delivered.mutate(
      { id: p.id, via: 'link' },
      { onError: (err) => toastFailure('Failed to record the shared link', err) },
    );
  };

  return (
    <Card className="gap-4" data-testid="proposals-card">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle role="heading" aria-level={2}>
          Proposals
        </CardTitle>
        <Button size="sm" onClick={() => setExtractOpen(true)}>
          <Plus aria-hidden /> Add proposal
        </Button>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={proposals}
          pending={
            <div className="grid gap-3" aria-label="Loading proposals">
              <Skeleton className="h-20" />
            </div>
          }
          errorTitle="The proposals could not be loaded."
          errorLayout="inline"
          isEmpty={(list) => list.length === 0}
          empty={
            <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
              <FileText className="size-6" aria-hidden />
              <p>No proposals yet</p>
            </div>
          }
        >
          {(list) => (
            <ul className="grid gap-3">
              {list.map((p) => (
                <ProposalItem
                  key={p.id}
                  proposal={p}
                  onEdit={() => setEditor({ open: true, mode: 'edit', initial: p, proposalId: p.id })}
                  onCopy={() => void copyLink(p)}
                  link={publicUrl ? customerProposalUrl(publicUrl, p.publicId) : undefined}
                  onDelete={() => setDeleting(p)}
                  onSendEmail={onSendEmail && (() => onSendEmail(p))}
                />
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>

      <ExtractDialog
        open={extractOpen}
        onOpenChange={setExtractOpen}
        onReady={(initial, guessed) => {
          setExtractOpen(false);
          setEditor({ open: true, mode: 'create', initial, guessed });
        }}
      />
      {editor.initial && (
        <ProposalEditorDialog
          leadId={leadId}
          mode={editor.mode}
          initial={editor.initial}
          proposalId={editor.proposalId}
          guessed={editor.mode === 'create' && editor.guessed === true}
          version={editedVersion}
          open={editor.open}
          onOpenChange={(open) => setEditor((e) => ({ ...e, open }))}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this proposal?"
        description="The customer's link stops working and its stored photos are deleted. This cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: deleting!.id, version: deleting!.version });
          } catch (err) {
            // A stale delete shows the screen's notice (ADR 024) and closes; other failures toast and stay.
            if (reportStale(err)) return 'stale';
            throw err;
          }
          return 'deleted';
        }}
        successMessage={(r) => (r === 'stale' ? null : 'Proposal deleted')}
        failureMessage="Failed to delete proposal"
      />
    </Card>
  );
}

function ProposalItem({
  proposal: p,
  onEdit,
  onCopy,
  link,
  onDelete,
  onSendEmail,
}: {
  proposal: Proposal;
  onEdit: () => void;
  onCopy: () => void;
  /** The customer's page on PUBLIC_URL; undefined while the address loads. */
  link: string | undefined;
  onDelete: () => void;
  onSendEmail?: () => void;
}) {
  const [thumbBroken, setThumbBroken] = useState(false);
  const title = [p.vehicleBrand, p.vehicleModel].filter(Boolean).join(' ') || 'Untitled proposal';
  const thumb = p.imageUrls[0];
  return (
    <li className="flex gap-3 rounded-lg border p-3" data-testid="proposal-item">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
        {thumb && !thumbBroken ? (
          <img
            src={thumb}
            alt=""
            className="size-full object-cover"
            loading="lazy"
            onError={() => setThumbBroken(true)}
          />
        ) : (
          <ImageOff className="size-5 text-muted-foreground" aria-hidden />
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <p className="truncate font-medium">{title}</p>
          <p className="font-semibold tabular-nums" data-testid="proposal-total">
            {formatEuro(p.totalCost) ?? '—'}
          </p>
        </div>
        {p.vehicleSubmodel && <p className="truncate text-sm text-muted-foreground">{p.vehicleSubmodel}</p>}
        <p className="text-xs text-muted-foreground">
          ISV {formatEuro(p.isvCost) ?? 'not computed'} · {p.imageUrls.length} photo
          {p.imageUrls.length === 1 ? '' : 's'} · updated {formatDateTime(p.updatedAt)}
        </p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="proposal-views">
          <Eye className="size-3.5" aria-hidden />
          <span>{viewsText(p.viewCount, p.lastViewedAt)}</span>
        </p>
        <ListingWatchMark proposal={p} />
        <div className="mt-1 flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden /> Edit
          </Button>
          {onSendEmail && (
            <Button size="sm" variant="outline" onClick={onSendEmail}>
              <Mail aria-hidden /> Send email
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onCopy}>
            <Link2 aria-hidden /> Copy link
          </Button>
          <Button size="sm" variant="outline" asChild>
            <a href={link} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden /> Open
            </a>
          </Button>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button size="sm" variant="ghost" onClick={onDelete} aria-label="Delete proposal">
                <Trash2 aria-hidden />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Delete proposal</TooltipContent>
          </Tooltip>
        </div>
      </div>
    </li>
  );
}
