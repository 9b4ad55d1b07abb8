import { useEffect, useMemo, useState } from 'react';
import { Loader2, Send } from 'lucide-react';
import {
  PROPOSAL_TEMPLATE_ID,
  leadTemplateValues,
  proposalTemplateValues,
  renderTemplate,
} from '#shared/email/template.ts';
import { PROPOSAL_SEND_SUCCESS, PROPOSAL_TEMPLATE_NOT_FOUND } from '#shared/schemas/email.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import type { Proposal } from '#shared/schemas/proposals.ts';
import type { User } from '#shared/schemas/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { newIdempotencyKey } from '#web/lib/idempotency-key.ts';
import { usePublicUrl } from '#web/lib/public-url.ts';
import { useSendContext, useSendEmail } from '../api/send-email.ts';
import { useTemplates } from '../api/templates.ts';
import { announceSendResult } from './send-result.ts';
import { EmailPreview } from './template-preview.tsx';

type Language = 'pt' | 'en';

/** 'Send proposal e-mail': the proposal-email template with the proposal's link and figures, previewed first. */
export function ProposalEmailDialog({
  lead,
  user,
  proposal,
  onOpenChange,
}: {
  lead: Lead;
  user: User;
  /** The proposal to send; null closes the dialog. */
  proposal: Proposal | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = !!proposal;
  const [language, setLanguage] = useState<Language>('pt');
  const [key, setKey] = useState(newIdempotencyKey);
  const templates = useTemplates(open);
  const context = useSendContext(lead.id, open);
  const send = useSendEmail(lead.id);
  const template = templates.data?.find((t) => t.templateId === PROPOSAL_TEMPLATE_ID);
  // The link in the e-mail starts with the server's PUBLIC_URL, never this browser's address
  // (docs/rulings.md ruling 23).
  const publicUrl = usePublicUrl();

  useEffect(() => {
    if (open) {
      setLanguage('pt');
      setKey(newIdempotencyKey());
    }
  }, [open]);

  const values = useMemo(
    () => ({
      ...leadTemplateValues(lead, user),
      ...(proposal && publicUrl ? proposalTemplateValues(proposal, publicUrl, language) : {}),
      // The proposal names the vehicle better than the lead's wish.
      ...(proposal?.vehicleBrand ? { vehicleMake: proposal.vehicleBrand } : {}),
      ...(proposal?.vehicleModel ? { vehicleModel: proposal.vehicleModel } : {}),
    }),
    [lead, user, proposal, language, publicUrl],
  );

  const submit = () => {
    if (!publicUrl) return; // the link's address is still loading: Send waits for it
    if (!template || !proposal) {
      toast({ title: 'Error', description: PROPOSAL_TEMPLATE_NOT_FOUND, variant: 'destructive' });
      return;
    }
    send.mutate(
      {
        subject: renderTemplate(template.title, values),
        body: renderTemplate(template.body, values),
        includeSignature: true,
        templateId: PROPOSAL_TEMPLATE_ID,
        proposalId: proposal.id,
        idempotencyKey: key,
      },
      {
        onSuccess: (result) => {
          announceSendResult(result, PROPOSAL_SEND_SUCCESS, 'Failed to send proposal email');
          onOpenChange(false);
        },
        onError: (err) => toastFailure('Failed to send proposal email', err, false),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Send proposal email</DialogTitle>
          <DialogDescription>
            To {lead.email ?? 'no e-mail address'}
            {context.data?.from ? ` from ${context.data.from}` : ''}
          </DialogDescription>
        </DialogHeader>
        {templates.isPending ? (
          <Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-label="Loading template" />
        ) : !template ? (
          <p className="text-sm text-destructive" role="alert">
            {PROPOSAL_TEMPLATE_NOT_FOUND}
          </p>
        ) : (
          <div className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Proposal page language</legend>
              <div className="flex gap-4" role="radiogroup">
                {(
                  [
                    ['pt', 'Portuguese'],
                    ['en', 'English'],
                  ] as const
                ).map(([value, label]) => (
                  <Label key={value} className="flex items-center gap-2 font-normal">
                    <input
                      type="radio"
                      name="proposal-language"
                      value={value}
                      checked={language === value}
                      onChange={() => setLanguage(value)}
                      className="size-4 accent-primary"
                    />
                    {label}
                  </Label>
                ))}
              </div>
            </fieldset>
            <EmailPreview
              subject={template.title}
              body={template.body}
              values={values}
              signature={context.data?.signature}
            />
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={send.isPending || !template || !lead.email || !publicUrl}>
            {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {lead.email ? 'Send proposal' : 'No email address set'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
