import { useMemo, useState } from 'react';
import { EditActions } from './edit-actions.tsx';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Pencil, Phone } from 'lucide-react';
import { type Lead } from '#shared/schemas/leads.ts';
import { leadUpdateSchema, type LeadUpdate, type LeadUpdateInput } from '#shared/schemas/lead-writes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useBaseVersion, useStaleWriteEpoch } from '#web/components/stale-write.tsx';
import { useLeadWrite } from './use-lead-write.ts';
import { Field } from '../dialogs/lead-fields.tsx';
import { toastSuccess } from '#web/lib/notify.ts';
import { PhoneDialog } from './phone-dialog.tsx';
import { StatusSelect } from './status-select.tsx';
import { OwnerField } from './owner-field.tsx';

const FIELDS = [
  { name: 'firstName', label: 'First name', type: 'text' },
  { name: 'lastName', label: 'Last name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
] as const;

const savedValues = (lead: Lead): LeadUpdateInput => ({
  firstName: lead.firstName,
  lastName: lead.lastName ?? '',
  email: lead.email ?? '',
  phone: lead.phone ?? '',
});

export const fullName = (lead: Pick<Lead, 'firstName' | 'lastName'>) =>
  [lead.firstName, lead.lastName].filter(Boolean).join(' ');

/** Contact block with view and edit modes, the status dropdown, the two timestamps and the ad source. */
export function ContactCard({ lead, onConvert }: { lead: Lead; onConvert: () => void }) {
  const [editing, setEditing] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const schema = useMemo(() => leadUpdateSchema(new Date().getFullYear()), []);
  const form = useForm<LeadUpdateInput, unknown, LeadUpdate>({
    resolver: zodResolver(schema),
    defaultValues: savedValues(lead),
  });
  const { write, pending } = useLeadWrite(lead);
  // The version read when editing began: a live refresh meanwhile must not make the save blind (ADR 024).
  const base = useBaseVersion(lead.version, useStaleWriteEpoch());
  const errors = form.formState.errors;

  const startEditing = () => {
    form.reset(savedValues(lead));
    base.start();
    setEditing(true);
  };
  // Cancel restores the saved values.
  const cancel = () => {
    form.reset(savedValues(lead));
    base.stop();
    setEditing(false);
  };
  const onSubmit = form.handleSubmit((data) =>
    write(
      data,
      {
        failure: 'Failed to update lead details',
        onSuccess: () => {
          toastSuccess('Lead details updated successfully');
          base.stop();
          setEditing(false);
        },
        onError: (err) => applyServerErrors(form, err),
      },
      base.version,
    ),
  );

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Contact
        </CardTitle>
        {!editing && (
          <CardAction>
            <Button variant="ghost" size="sm" onClick={startEditing} aria-label="Edit contact">
              <Pencil aria-hidden /> Edit
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {editing ? (
          <form
            onSubmit={(e) => void onSubmit(e)}
            className="grid gap-3 sm:grid-cols-2"
            noValidate
            aria-label="Edit contact"
          >
            {FIELDS.map((f) => {
              const message = errors[f.name]?.message;
              const id = `contact-${f.name}`;
              return (
                <Field key={f.name} id={id} label={f.label} error={message}>
                  <Input
                    id={id}
                    type={f.type}
                    aria-invalid={!!message}
                    aria-describedby={message ? `${id}-error` : undefined}
                    {...form.register(f.name)}
                  />
                </Field>
              );
            })}
            <EditActions saving={pending} onCancel={cancel} />
          </form>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="text-base font-medium" data-testid="contact-name">
                {fullName(lead)}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="truncate" data-testid="contact-email">
                {lead.email ? (
                  <a
                    className="inline-flex items-center gap-1.5 text-primary hover:underline"
                    href={`mailto:${lead.email}`}
                  >
                    <Mail className="size-3.5 shrink-0" aria-hidden />
                    <span className="truncate">{lead.email}</span>
                  </a>
                ) : (
                  <span className="text-muted-foreground">No email</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Phone</dt>
              <dd data-testid="contact-phone">
                {lead.phone ? (
                  <button
                    type="button"
                    className="inline-flex items-center gap-1.5 text-primary hover:underline"
                    onClick={() => setPhoneOpen(true)}
                    aria-haspopup="dialog"
                  >
                    <Phone className="size-3.5" aria-hidden />
                    {lead.phone}
                  </button>
                ) : (
                  <span className="text-muted-foreground">No phone</span>
                )}
              </dd>
            </div>
          </dl>
        )}
        <div className="grid gap-3 border-t pt-4 text-sm sm:grid-cols-3">
          <div className="grid gap-1.5">
            <span className="text-muted-foreground" id="lead-status-label">
              Status
            </span>
            <StatusSelect lead={lead} onConvert={onConvert} />
          </div>
          <OwnerField lead={lead} />
          <div className="grid gap-1">
            <span className="text-muted-foreground">Created</span>
            <time dateTime={lead.createdAt} data-testid="lead-created">
              {formatDateTime(lead.createdAt)}
            </time>
          </div>
          <div className="grid gap-1">
            <span className="text-muted-foreground">Last interaction</span>
            <time dateTime={lead.lastInteractionAt} data-testid="lead-last-interaction">
              {formatDateTime(lead.lastInteractionAt)}
            </time>
          </div>
          {lead.utmSource ? (
            // Which ad or campaign link brought the lead (the utm_source of the site's address).
            <div className="grid min-w-0 gap-1 sm:col-span-3">
              <span className="text-muted-foreground">Ad source (utm_source)</span>
              <span className="break-words" data-testid="lead-utm-source">
                {lead.utmSource}
              </span>
            </div>
          ) : null}
        </div>
      </CardContent>
      {lead.phone && (
        <PhoneDialog phone={lead.phone} name={fullName(lead)} open={phoneOpen} onOpenChange={setPhoneOpen} />
      )}
    </Card>
  );
}
