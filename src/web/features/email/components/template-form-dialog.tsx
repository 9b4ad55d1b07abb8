import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { unknownVariables } from '#shared/email/template.ts';
import { TEMPLATE_ID_HINT, emailTemplateInputSchema, type EmailTemplate } from '#shared/schemas/email.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { serverFieldErrors } from '#web/lib/form-errors.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useSaveTemplate } from '../api/templates.ts';
import { insertAtCursor, VariableChips } from './variable-chips.tsx';

type Field = 'templateId' | 'title' | 'body';
type Values = Record<Field, string>;
const EMPTY: Values = { templateId: '', title: '', body: '' };

/** Create or edit a template; variable chips insert at the caret of the last field used. */
export function TemplateFormDialog({
  open,
  onOpenChange,
  template,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template to edit; none to create one. */
  template?: EmailTemplate;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const save = useSaveTemplate();
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<'title' | 'body'>('body');

  useEffect(() => {
    if (!open) return;
    setValues(template ? { templateId: template.templateId, title: template.title, body: template.body } : EMPTY);
    setErrors({});
  }, [open, template]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const insert = (name: string) => {
    const field = lastField.current;
    const el = field === 'title' ? titleRef.current : bodyRef.current;
    const next = insertAtCursor(el, values[field], `{{${name}}}`);
    set(field, next.value);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  // Flagged while typing, before any save.
  const unknown = [...new Set([...unknownVariables(values.title), ...unknownVariables(values.body)])];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = emailTemplateInputSchema.safeParse({ ...values, version: template?.version });
    if (!parsed.success) {
      const next: Partial<Values> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    save.mutate(
      { id: template?.id, data: parsed.data },
      {
        onSuccess: () => {
          toastSuccess(template ? 'Email template updated successfully' : 'Email template created successfully');
          onOpenChange(false);
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (fields) setErrors(fields as Partial<Values>);
          toastFailure(template ? 'Failed to update email template' : 'Failed to create email template', err);
        },
      },
    );
  };

  const err = (field: Field) =>
    errors[field] ? (
      <p id={`template-${field}-error`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? 'Edit Email Template' : 'Create Email Template'}</DialogTitle>
          <DialogDescription>
            Variables in double braces are replaced with the lead's details when sent.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="template-id">Template ID</Label>
            <Input
              id="template-id"
              value={values.templateId}
              onChange={(e) => set('templateId', e.target.value)}
              maxLength={50}
              placeholder="follow-up"
              aria-invalid={!!errors.templateId}
              aria-describedby="template-id-hint"
              disabled={template?.protected}
            />
            <p id="template-id-hint" className="text-xs text-muted-foreground">
              {template?.protected ? 'Used to send proposals: it keeps this Template ID.' : TEMPLATE_ID_HINT}
            </p>
            {err('templateId')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="template-title">Title (the e-mail's subject)</Label>
            <Input
              id="template-title"
              ref={titleRef}
              value={values.title}
              onFocus={() => (lastField.current = 'title')}
              onChange={(e) => set('title', e.target.value)}
              maxLength={255}
              aria-invalid={!!errors.title}
            />
            {err('title')}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="template-body">Body</Label>
            <VariableChips onPick={insert} label="Insert a variable" />
            <Textarea
              id="template-body"
              ref={bodyRef}
              value={values.body}
              onFocus={() => (lastField.current = 'body')}
              onChange={(e) => set('body', e.target.value)}
              className="min-h-48 font-mono text-sm"
              aria-invalid={!!errors.body}
            />
            <p className="text-xs text-muted-foreground">
              Formatting: &lt;b&gt;, &lt;strong&gt;, &lt;i&gt;, &lt;em&gt;, &lt;u&gt;.
            </p>
            {unknown.length > 0 && (
              <p
                className="flex items-center gap-1.5 text-sm text-amber-700 dark:text-amber-400"
                role="status"
                data-testid="unknown-variables"
              >
                <AlertTriangle className="size-4 shrink-0" aria-hidden />
                Unknown variable{unknown.length > 1 ? 's' : ''}: {unknown.map((u) => `{{${u}}}`).join(', ')}
              </p>
            )}
            {err('body')}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {template ? 'Save Changes' : 'Create Template'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
