import { FileWarning, ShieldAlert, ShieldCheck, TextCursorInput } from 'lucide-react';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { safeFileName } from '#shared/text/file-name.ts';
import { formatBytes } from '#web/lib/format.ts';

type Metadata = NonNullable<TimelineEntry['metadata']>;
const CHECK_NAMES = { spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' } as const;

/**
 * The receiving server's SPF/DKIM/DMARC verdict on a received e-mail (ADR 064): a warning when a
 * check failed (the sender may not be who it claims), otherwise a quiet line.
 */
export function MailAuthVerdict({ verdict }: { verdict: NonNullable<Metadata['mailAuth']> }) {
  const checks = (['spf', 'dkim', 'dmarc'] as const)
    .filter((m) => verdict[m] !== null)
    .map((m) => `${CHECK_NAMES[m]} ${verdict[m]}`)
    .join(', ');
  if (verdict.failed.length > 0)
    return (
      <p
        className="mt-1 flex items-start gap-1 text-xs font-medium text-amber-800 dark:text-amber-300"
        role="note"
        data-testid="mail-auth-warning"
      >
        <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden />
        <span className="min-w-0 break-words">
          The sender could not be verified ({verdict.failed.map((m) => CHECK_NAMES[m]).join(', ')} failed): this e-mail
          may not come from who it says. Do not open links or files unless you expected them. Checked by {verdict.by}:{' '}
          {checks}.
        </span>
      </p>
    );
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-testid="mail-auth-verdict">
      <ShieldCheck className="size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">
        Checked by {verdict.by}: {checks}
      </span>
    </p>
  );
}

/** Attachments of a received e-mail that were not kept, each with its size and why. */
export function AttachmentsNotKept({ files }: { files: NonNullable<Metadata['attachmentsNotKept']> }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 grid gap-1 text-xs" aria-label="Attachments not kept" data-testid="attachments-not-kept">
      {files.map((f, i) => (
        <li key={i} className="flex items-start gap-1.5 text-amber-800 dark:text-amber-300">
          <FileWarning className="mt-px size-3.5 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">
            <span className="font-medium">{safeFileName(f.filename)}</span> ({formatBytes(f.size)}): {f.reason}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A received e-mail an admin imported from its plain text because it could not be read whole. */
export function ImportedAsText() {
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-testid="imported-as-text">
      <TextCursorInput className="size-3.5 shrink-0" aria-hidden /> Imported as plain text: the message could not be
      read whole, so formatting and attachments were left out.
    </p>
  );
}
