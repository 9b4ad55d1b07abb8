import { bodyToHtml } from '#shared/email/body.ts';
import { renderTemplate, type TemplateValues } from '#shared/email/template.ts';

/**
 * An e-mail as the customer reads it: the subject, then the body with its placeholders replaced and
 * only the allowed formatting kept (everything else escaped by bodyToHtml, so the HTML is safe).
 */
export function EmailPreview({
  subject,
  body,
  values,
  signature,
}: {
  subject: string;
  body: string;
  values: TemplateValues;
  signature?: string;
}) {
  return (
    <div className="grid gap-2 rounded-md border bg-background p-3 text-sm" data-testid="email-preview">
      <p className="border-b pb-2">
        <span className="text-muted-foreground">Subject: </span>
        <span className="font-medium" data-testid="email-preview-subject">
          {renderTemplate(subject, values) || '(no subject)'}
        </span>
      </p>
      <div
        className="break-words [&_a]:text-primary [&_a]:underline"
        data-testid="email-preview-body"
        // Escaped text with only i, b, strong, em, u and links: see src/shared/email/body.ts.
        dangerouslySetInnerHTML={{ __html: bodyToHtml(renderTemplate(body, values)) }}
      />
      {signature ? (
        <div
          className="mt-2 border-t pt-2 text-muted-foreground [&_a]:text-primary [&_a]:underline [&_img]:inline-block [&_img]:max-h-16"
          data-testid="email-preview-signature"
          // Stored sanitised by the server (simple formatting, links, stored images).
          dangerouslySetInnerHTML={{ __html: signature }}
        />
      ) : null}
    </div>
  );
}
