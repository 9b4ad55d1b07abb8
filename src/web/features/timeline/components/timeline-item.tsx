import { Pencil, Trash2 } from 'lucide-react';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { timelineSummary } from '#shared/timeline/classify.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { emailBodyText } from './email-text.ts';
import { DeliveryStatus } from './delivery-status.tsx';
import { EmailAttachments } from './email-attachments.tsx';
import { AttachmentsNotKept, ImportedAsText, MailAuthVerdict } from './received-mail-notes.tsx';
import { KindIcon } from './kind-icon.tsx';

/** Whether the collapsed summary hides anything: an e-mail always (headers and body), else a cut text or details. */
const hasMore = (entry: TimelineEntry, summary: string) =>
  entry.type === 'email' ||
  summary !== (entry.description ?? '').trim() ||
  !!(entry.metadata?.duration || entry.metadata?.outcome || entry.metadata?.followUp);

const who = (entry: TimelineEntry) =>
  entry.createdByName ?? (entry.type === 'email' ? (entry.emailData?.from ?? null) : null);

/** One entry: label, who and when; the summary when collapsed, everything when expanded. */
export function TimelineItem({
  entry,
  expanded,
  onToggle,
  onEdit,
  onDelete,
}: {
  entry: TimelineEntry;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // A quick-contact entry's title is its label ('Phone Call'): shown once, as the badge.
  const heading = (entry.title && entry.title !== entry.label ? entry.title : null) ?? entry.emailData?.subject ?? null;
  const by = who(entry);
  const bodyId = `timeline-entry-${entry.id}-body`;
  const summary = timelineSummary(entry);
  return (
    <li
      className="relative flex gap-3 pb-5 last:pb-0"
      data-testid="timeline-entry"
      data-kind={entry.kind}
      data-expanded={expanded}
    >
      <KindIcon kind={entry.kind} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            className="min-w-0 flex-1 rounded-sm text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Badge variant="outline" data-testid="timeline-label">
                {entry.label}
              </Badge>
              {heading && <span className="min-w-0 font-medium break-words">{heading}</span>}
            </span>
            <span className="mt-0.5 block text-xs text-muted-foreground">
              {by && <span data-testid="timeline-who">{by} · </span>}
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </span>
            {!expanded && (
              <span className="mt-1 block text-sm break-words text-muted-foreground" data-testid="timeline-summary">
                {summary}
              </span>
            )}
          </button>
          {entry.editable && (
            <div className="flex shrink-0">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                onClick={onEdit}
                aria-label="Edit entry"
                title="Edit entry"
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                onClick={onDelete}
                aria-label="Delete entry"
                title="Delete entry"
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          )}
        </div>
        {entry.metadata?.delivery && <DeliveryStatus delivery={entry.metadata.delivery} />}
        {/* Listed collapsed or not: links cannot sit inside the toggle button. */}
        {entry.emailData?.attachments && <EmailAttachments attachments={entry.emailData.attachments} />}
        {entry.metadata?.attachmentsNotKept && <AttachmentsNotKept files={entry.metadata.attachmentsNotKept} />}
        {entry.metadata?.importedAsText && <ImportedAsText />}
        {entry.metadata?.mailAuth && <MailAuthVerdict verdict={entry.metadata.mailAuth} />}
        {expanded && (
          <div id={bodyId} className="mt-2 text-sm">
            {entry.type === 'email' ? <EmailDetails entry={entry} /> : <ContactDetails entry={entry} />}
          </div>
        )}
        {hasMore(entry, summary) && (
          // A visible way to read the whole entry: the header toggles too, but does not look like it.
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            className="mt-1 rounded-sm text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
            data-testid="timeline-more"
          >
            {expanded ? 'Show less' : entry.type === 'email' ? 'Read the whole e-mail' : 'Show more'}
          </button>
        )}
      </div>
    </li>
  );
}

function EmailDetails({ entry }: { entry: TimelineEntry }) {
  const data = entry.emailData;
  const rows: [string, string | undefined][] = [
    ['From', data?.from],
    ['To', data?.to],
    ['Subject', data?.subject],
  ];
  // Text only: the body is never inserted as HTML.
  const body = emailBodyText(data?.body ?? entry.description);
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-3">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value || '-'}</dd>
          </div>
        ))}
      </dl>
      <p className="border-t pt-2 whitespace-pre-wrap break-words" data-testid="email-body">
        {body}
      </p>
    </div>
  );
}

function ContactDetails({ entry }: { entry: TimelineEntry }) {
  const meta = entry.metadata;
  const extra: [string, string | undefined][] = [
    ['Duration', meta?.duration],
    ['Outcome', meta?.outcome],
    ['Follow-up', meta?.followUp],
  ];
  return (
    <div className="grid gap-2">
      <p className="whitespace-pre-wrap break-words" data-testid="timeline-description">
        {entry.description}
      </p>
      {extra.some(([, v]) => v) && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
          {extra
            .filter(([, v]) => v)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      )}
    </div>
  );
}
