import { useState } from 'react';
import { FileText, MailWarning } from 'lucide-react';
import type { FailedMessage, MailAccount } from '#shared/schemas/mailboxes.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime, relativeTime } from '#web/lib/format.ts';
import { useFailedMessages, useImportAsText } from '../api/failed-messages.ts';

/**
 * Sync health, admins: the received messages this mailbox could not import, each with its sender,
 * subject and why, and 'Import anyway as text' (ADR 064). Nothing shows while there are none.
 */
export function FailedMessagesList({ account, enabled }: { account: MailAccount; enabled: boolean }) {
  const failed = useFailedMessages(account, enabled);
  const importAsText = useImportAsText();
  const [chosen, setChosen] = useState<FailedMessage | null>(null);
  const data = failed.data;
  if (!data || data.total === 0) return null;
  const heading = data.total === 1 ? '1 message not imported' : `${data.total} messages not imported`;
  return (
    <section
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40"
      aria-label={heading}
      data-testid={`failed-messages-${account}`}
    >
      <h4 className="flex items-center gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
        <MailWarning className="size-4 shrink-0" aria-hidden /> {heading}
      </h4>
      <ul className="grid gap-2">
        {data.messages.map((m) => (
          <li
            key={m.id}
            className="flex flex-wrap items-start justify-between gap-2 rounded-md bg-background p-2 text-sm"
            data-testid="failed-message"
          >
            <div className="grid min-w-0 flex-1 basis-60 gap-0.5">
              <p className="truncate font-medium" title={m.subject || '(no subject)'}>
                {m.subject || '(no subject)'}
              </p>
              <p className="truncate text-muted-foreground">
                {m.from ?? 'Unknown sender'} ·{' '}
                <time dateTime={m.at} title={formatDateTime(m.at)}>
                  {relativeTime(m.at)}
                </time>
              </p>
              <p className="break-words text-xs text-amber-900 dark:text-amber-200">{m.reason}</p>
            </div>
            <Button size="sm" variant="outline" onClick={() => setChosen(m)} disabled={importAsText.isPending}>
              <FileText /> Import anyway as text
            </Button>
          </li>
        ))}
      </ul>
      {data.total > data.messages.length && (
        <p className="text-xs text-muted-foreground">The newest {data.messages.length} are shown.</p>
      )}
      <ConfirmDialog
        open={!!chosen}
        onOpenChange={(o) => !o && setChosen(null)}
        title="Import this message as text?"
        description={`“${chosen?.subject || '(no subject)'}” from ${chosen?.from ?? 'an unknown sender'} becomes a lead, or goes on its lead’s timeline, from its plain text only: formatting is dropped and attachments are listed but not kept.`}
        confirmLabel="Import as text"
        onConfirm={() => importAsText.mutateAsync(chosen!.id)}
        successMessage={(r) => r.message}
        failureMessage="Failed to import the message"
      />
    </section>
  );
}
