import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import {
  connectImapSchema,
  MAIL_ACCOUNT_LABELS,
  type ConnectImapInput,
  type MailAccount,
} from '#shared/schemas/mailboxes.ts';
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
import { toast } from '#web/hooks/use-toast.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { useConnectImap } from '../api/mailboxes-api.ts';
import { MAIL_PRESETS } from './mail-presets.ts';
import { useResetOnOpen } from '#web/hooks/use-reset-on-open.ts';

type Values = ConnectImapInput;
const SECURITY_LABELS = { tls: 'SSL/TLS', starttls: 'STARTTLS', none: 'None (this machine only)' } as const;

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:bg-input/30';

function errorOf(errors: FieldErrors<Values>, path: string): string | undefined {
  const [a, b] = path.split('.') as [keyof Values, string | undefined];
  const e = b ? (errors[a] as Record<string, { message?: string }> | undefined)?.[b] : errors[a];
  return (e as { message?: string } | undefined)?.message;
}

/** 'Connect with IMAP/SMTP': any provider, with presets; the server logs in to both before saving. */
export function ConnectImapDialog({
  account,
  open,
  onOpenChange,
}: {
  account: MailAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preset = MAIL_PRESETS[0]!;
  const empty: Values = { address: '', username: '', password: '', imap: preset.imap, smtp: preset.smtp };
  const form = useForm<Values>({ resolver: zodResolver(connectImapSchema) as never, defaultValues: empty });
  const connect = useConnectImap();
  const label = MAIL_ACCOUNT_LABELS[account];

  useResetOnOpen(open, () => form.reset(empty));

  const applyPreset = (id: string) => {
    const p = MAIL_PRESETS.find((x) => x.id === id);
    if (!p) return;
    form.setValue('imap', p.imap, { shouldDirty: true });
    form.setValue('smtp', p.smtp, { shouldDirty: true });
  };

  const onSubmit = form.handleSubmit((body) =>
    connect.mutate(
      { account, body },
      {
        onSuccess: () => {
          toast({ title: 'Mailbox connected', description: `${label} is connected as ${body.address}.` });
          onOpenChange(false);
        },
        onError: (err) => {
          if (!applyServerErrors(form, err, ['address', 'username', 'password', 'imap', 'smtp']))
            toastFailure(`Failed to connect ${label}`, err);
        },
      },
    ),
  );

  const text = (path: string, labelText: string, type = 'text', autoComplete?: string) => {
    const id = `imap-${account}-${path.replace('.', '-')}`;
    const error = errorOf(form.formState.errors, path);
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{labelText}</Label>
        <Input
          id={id}
          type={type}
          autoComplete={autoComplete}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(path as never)}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  };

  const server = (side: 'imap' | 'smtp', title: string) => {
    const secId = `imap-${account}-${side}-security`;
    const secError = errorOf(form.formState.errors, `${side}.security`);
    return (
      <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_6rem_10rem]">
        <legend className="px-1 text-sm font-medium">{title}</legend>
        {text(`${side}.host`, 'Host')}
        {text(`${side}.port`, 'Port', 'text')}
        <div className="grid gap-1.5">
          <Label htmlFor={secId}>Security</Label>
          <select id={secId} className={selectClass} aria-invalid={!!secError} {...form.register(`${side}.security`)}>
            {Object.entries(SECURITY_LABELS).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          {secError && <p className="text-sm text-destructive">{secError}</p>}
        </div>
      </fieldset>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Connect {label} with IMAP/SMTP</DialogTitle>
          <DialogDescription>
            Any provider. The connection is tested before it is saved; the password is stored encrypted.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`imap-${account}-preset`}>Provider</Label>
            <select
              id={`imap-${account}-preset`}
              className={selectClass}
              defaultValue={preset.id}
              onChange={(e) => applyPreset(e.target.value)}
            >
              {MAIL_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {text('address', 'E-mail address', 'email', 'email')}
            {text('username', 'User name', 'text', 'username')}
            {text('password', 'Password', 'password', 'new-password')}
          </div>
          {server('imap', 'Incoming mail (IMAP)')}
          {server('smtp', 'Outgoing mail (SMTP)')}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending && <Loader2 className="animate-spin" />}
              {connect.isPending ? 'Testing connection…' : 'Test and connect'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
