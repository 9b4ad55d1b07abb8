import { Download, File, FileImage, FileText, type LucideIcon } from 'lucide-react';
import type { EmailAttachment } from '#shared/schemas/timeline.ts';
import { fileNameParts, safeFileName } from '#shared/text/file-name.ts';
import { formatBytes } from '#web/lib/format.ts';

/** Where staff download a received e-mail's attachment (served as a download, never shown inline). */
export const attachmentUrl = (id: number) => `/api/mail/attachments/${id}`;

function iconFor(contentType: string): LucideIcon {
  if (contentType.startsWith('image/')) return FileImage;
  if (contentType === 'application/pdf' || contentType.startsWith('text/')) return FileText;
  return File;
}

/** The files that came with a received e-mail: name, size and a download link each. */
export function EmailAttachments({ attachments }: { attachments: readonly EmailAttachment[] }) {
  if (attachments.length === 0) return null;
  const label = attachments.length === 1 ? '1 attachment' : `${attachments.length} attachments`;
  return (
    // inline-size containment: a long file name never widens the timeline column (it is cut with an ellipsis).
    <ul className="mt-2 flex flex-wrap gap-2 [contain:inline-size]" aria-label={label} data-testid="email-attachments">
      {attachments.map((file) => {
        const Icon = iconFor(file.contentType);
        const size = formatBytes(file.size);
        // The sender chose the name: shown without bidirectional tricks, the real extension never cut (issue 31).
        const name = safeFileName(file.filename);
        const { base, extension } = fileNameParts(file.filename);
        return (
          <li key={file.id} className="max-w-full min-w-0">
            <a
              href={attachmentUrl(file.id)}
              download={name}
              aria-label={`Download ${name} (${size})`}
              title={`Download ${name}`}
              className="group flex max-w-full min-w-0 items-center gap-2 rounded-md border bg-background px-2.5 py-1.5 text-xs outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
              data-testid="email-attachment"
            >
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="flex min-w-0 font-medium" data-testid="email-attachment-name">
                <span className="min-w-0 truncate">{base}</span>
                {extension ? <span className="shrink-0">{extension}</span> : null}
              </span>
              <span className="shrink-0 text-muted-foreground">{size}</span>
              <Download className="size-3.5 shrink-0 text-muted-foreground group-hover:text-foreground" aria-hidden />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
