import { useState } from 'react';
import { Eye, FileText, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { SAMPLE_VALUES } from '#shared/email/template.ts';
import type { EmailTemplate } from '#shared/schemas/email.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { QueryStates } from '#web/components/query-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useDeleteTemplate, useTemplates } from '../api/templates.ts';
import { TemplateFormDialog } from './template-form-dialog.tsx';
import { EmailPreview } from './template-preview.tsx';
import { VariableChips } from './variable-chips.tsx';

/** The template card's body preview: the first 100 characters. */
export const bodyPreview = (body: string) => (body.length > 100 ? `${body.slice(0, 100)}…` : body);

/** /admin/email-templates: variable chips, template cards, create / edit / preview / delete. */
export function EmailTemplatesPage() {
  const templates = useTemplates();
  const [form, setForm] = useState<{ open: boolean; template?: EmailTemplate }>({ open: false });
  const [preview, setPreview] = useState<EmailTemplate | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const remove = useDeleteTemplate();

  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(`{{${name}}}`);
      toastSuccess(`Copied {{${name}}}`);
    } catch (err) {
      toastFailure('Failed to copy the variable', err);
    }
  };

  return (
    <>
      <PageHeader
        title="Email Templates"
        subtitle="Reusable e-mails with the lead's details filled in"
        actions={
          <Button onClick={() => setForm({ open: true })}>
            <Plus aria-hidden /> New Template
          </Button>
        }
      />
      <Card className="mb-4 gap-3">
        <CardHeader>
          <CardTitle role="heading" aria-level={2}>
            Available variables
          </CardTitle>
          <CardDescription>Click one to copy it; in the editor, a click inserts it at the cursor.</CardDescription>
        </CardHeader>
        <CardContent>
          <VariableChips onPick={(name) => void copy(name)} />
        </CardContent>
      </Card>
      <QueryStates
        query={templates}
        pending={
          <div className="grid gap-4 md:grid-cols-2" aria-label="Loading templates">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        }
        errorTitle="The email templates could not be loaded."
        errorLayout="card"
        isEmpty={(list) => list.length === 0}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-sm text-muted-foreground">
              <FileText className="size-8" aria-hidden />
              <p>No email templates yet</p>
            </CardContent>
          </Card>
        }
      >
        {(list) => (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Email templates">
            {list.map((t) => (
              <li key={t.id}>
                <TemplateCard
                  template={t}
                  onPreview={() => setPreview(t)}
                  onEdit={() => setForm({ open: true, template: t })}
                  onDelete={() => setDeleting(t)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>

      <TemplateFormDialog
        open={form.open}
        template={form.template}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
      />
      <Dialog open={!!preview} onOpenChange={(open) => !open && setPreview(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Preview: {preview?.title}</DialogTitle>
            <DialogDescription>With sample data in place of the variables.</DialogDescription>
          </DialogHeader>
          {preview && <EmailPreview subject={preview.title} body={preview.body} values={SAMPLE_VALUES} />}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete email template"
        description="Are you sure you want to delete this email template?"
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove.mutateAsync(deleting!.id)}
        successMessage="Email template deleted successfully"
        failureMessage="Failed to delete email template"
      />
    </>
  );
}

function TemplateCard({
  template: t,
  onPreview,
  onEdit,
  onDelete,
}: {
  template: EmailTemplate;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card className="h-full gap-3" data-testid="template-card">
      <CardHeader>
        <CardTitle role="heading" aria-level={3} className="break-words">
          {t.title}
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary" className="font-mono" data-testid="template-id">
            {t.templateId}
          </Badge>
          {t.protected && (
            <Badge variant="outline" title="Used to send proposals: it can be edited, not deleted">
              <Lock aria-hidden /> Proposals
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 gap-3">
        <p
          className="text-sm break-words whitespace-pre-line text-muted-foreground"
          data-testid="template-body-preview"
        >
          {bodyPreview(t.body)}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
          <dt>Created</dt>
          <dd>{formatDateTime(t.createdAt)}</dd>
          <dt>Updated</dt>
          <dd>{formatDateTime(t.updatedAt)}</dd>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onPreview}>
            <Eye aria-hidden /> Preview
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            disabled={t.protected}
            title={t.protected ? 'Used to send proposals: edit it instead' : undefined}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
