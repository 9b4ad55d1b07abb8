import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle, Loader2, Mail, Send } from 'lucide-react';
import {
  fillBeforeSending,
  missingTemplateValues,
  templateOffered,
  unfilledPlaceholders,
} from '#shared/email/template-gaps.ts';
import {
  NO_TEMPLATES_NOTE,
  leadTemplateValues,
  renderTemplate,
  type TemplateVariable,
} from '#shared/email/template.ts';
import { SEND_SUCCESS, sendEmailInputSchema } from '#shared/schemas/email.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import type { User } from '#shared/schemas/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
import { toastFailure } from '#web/lib/notify.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { useSendContext, useSendEmail } from '../api/send-email.ts';
import { useTemplates } from '../api/templates.ts';
import { MissingValues, PlaceholderTextarea } from './placeholder-fields.tsx';
import { announceSendResult } from './send-result.ts';

/** The lead detail's 'Send email' button; disabled with 'No email address set' when the lead has none. */
export function SendEmailButton({ lead, user }: { lead: Lead; user: User }) {
  const [open, setOpen] = useState(false);
  const button = (
    <Button size="sm" onClick={() => setOpen(true)} disabled={!lead.email}>
      <Mail aria-hidden /> Send email
    </Button>
  );
  return (
    <>
      {lead.email ? (
        button
      ) : (
        <Tooltip>
          <TooltipTrigger asChild>
            <span tabIndex={0}>{button}</span>
          </TooltipTrigger>
          <TooltipContent>No email address set</TooltipContent>
        </Tooltip>
      )}
      <SendEmailDialog lead={lead} user={user} open={open} onOpenChange={setOpen} />
    </>
  );
}

const NONE = '__none__';

export function SendEmailDialog({
  lead,
  user,
  open,
  onOpenChange,
}: {
  lead: Lead;
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [includeSignature, setIncludeSignature] = useState(true);
  const [templateId, setTemplateId] = useState<string>(NONE);
  const [error, setError] = useState<string | null>(null);
  /** Values the chosen template needs and the lead lacks: their placeholders are highlighted (ADR 063). */
  const [missing, setMissing] = useState<TemplateVariable[]>([]);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const context = useSendContext(lead.id, open);
  const templates = useTemplates(open);
  const send = useSendEmail(lead.id);

  const values = useMemo(() => leadTemplateValues(lead, user), [lead, user]);
  // Every template but a proposal's is offered; what the lead lacks is left for staff to fill (ADR 063).
  const available = useMemo(() => (templates.data ?? []).filter((t) => templateOffered(t)), [templates.data]);
  const unfilled = unfilledPlaceholders(`${subject}\n${body}`, missing);

  useEffect(() => {
    if (!open) return;
    setSubject('');
    setBody('');
    setIncludeSignature(true);
    setTemplateId(NONE);
    setError(null);
    setMissing([]);
    setKey(newIdempotencyKey());
  }, [open]);

  const choose = (id: string) => {
    setTemplateId(id);
    const t = available.find((x) => x.templateId === id);
    setMissing(t ? missingTemplateValues(t, values) : []);
    if (!t) return;
    setSubject(renderTemplate(t.title, values));
    setBody(renderTemplate(t.body, values));
    setError(null);
  };

  /** Selects a placeholder where it stands (subject first), so typing replaces it. */
  const pick = (placeholder: string) => {
    for (const field of [subjectRef.current, bodyRef.current]) {
      const at = field?.value.indexOf(placeholder) ?? -1;
      if (!field || at === -1) continue;
      field.focus();
      field.setSelectionRange(at, at + placeholder.length);
      return;
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (unfilled.length > 0) {
      setError(fillBeforeSending(unfilled));
      return;
    }
    const parsed = sendEmailInputSchema.safeParse({
      subject,
      body,
      includeSignature,
      templateId: templateId === NONE ? null : templateId,
      idempotencyKey: key,
    });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'body')?.message ?? parsed.error.issues[0]!.message);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: (result) => {
        announceSendResult(result, SEND_SUCCESS, 'Failed to send email');
        onOpenChange(false);
      },
      onError: (err) => toastFailure('Failed to send email', err),
    });
  };

  const ctx = context.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Send email</DialogTitle>
          <DialogDescription>
            To {lead.firstName} {lead.lastName ?? ''} &lt;{lead.email}&gt;
            {ctx ? ` from ${ctx.from ?? ctx.account}` : ''}
          </DialogDescription>
        </DialogHeader>
        {ctx && !ctx.connected && (
          <p
            className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm"
            role="status"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            The {ctx.account} mailbox is not connected: the email waits in the queue and leaves once it is.
          </p>
        )}
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="send-template">Template</Label>
            {templates.data && available.length === 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="no-templates-note">
                {NO_TEMPLATES_NOTE}
              </p>
            ) : (
              <Select value={templateId} onValueChange={choose}>
                <SelectTrigger id="send-template" className="w-full">
                  <SelectValue placeholder="No template" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>No template</SelectItem>
                  {available.map((t) => (
                    <SelectItem key={t.id} value={t.templateId}>
                      {t.title}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="send-subject">Subject</Label>
            <Input
              id="send-subject"
              ref={subjectRef}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              maxLength={500}
              className={unfilledPlaceholders(subject, missing).length ? 'border-amber-500' : undefined}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="send-body">Message</Label>
            <MissingValues placeholders={unfilled} onPick={pick} />
            <PlaceholderTextarea
              id="send-body"
              ref={bodyRef}
              missing={missing}
              value={body}
              onChange={(e) => {
                setBody(e.target.value);
                setError(null);
              }}
              className="min-h-48"
              aria-invalid={!!error}
              aria-describedby="send-body-hint"
            />
            <p id="send-body-hint" className="text-xs text-muted-foreground">
              Formatting: &lt;b&gt;, &lt;strong&gt;, &lt;i&gt;, &lt;em&gt;, &lt;u&gt;; anything else is sent as typed.
            </p>
            {error && <p className="text-sm text-destructive">{error}</p>}
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="send-signature"
              checked={includeSignature}
              onCheckedChange={(v) => setIncludeSignature(v === true)}
            />
            <Label htmlFor="send-signature">Include signature</Label>
          </div>
          {includeSignature && ctx?.signature && (
            <div
              className="rounded-md border bg-muted/40 p-2 text-sm text-muted-foreground [&_a]:text-primary [&_a]:underline [&_img]:inline-block [&_img]:max-h-16"
              data-testid="signature-preview"
              // Stored sanitised by the server: simple formatting, links, stored images.
              dangerouslySetInnerHTML={{ __html: ctx.signature }}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending || !lead.email}>
              {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              {send.isPending ? 'Sending…' : 'Send'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
