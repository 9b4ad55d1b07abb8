import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, ExternalLink, ImageUp, Loader2, Trash2 } from 'lucide-react';
import {
  companySettingsUpdateSchema,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type CompanySettings,
  type CompanySettingsUpdate,
  type CompanySettingsUpdateInput,
} from '#shared/schemas/settings.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { StaleWriteNotice, useBaseVersion, useStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Separator } from '#web/components/ui/separator.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useCompanySettings, useRemoveLogo, useUpdateCompanySettings, useUploadLogo } from '../api/company-settings.ts';

type FormValues = CompanySettingsUpdateInput;
type Field = keyof Omit<CompanySettings, 'logoUrl' | 'version' | 'listingWatchEnabled'>;

const toForm = ({
  logoUrl: _logo,
  version: _version,
  listingWatchEnabled: _watch,
  ...rest
}: CompanySettings): FormValues => rest;

const GROUPS: {
  title: string;
  description?: string;
  fields: { name: Field; label: string; type?: string; hint?: string }[];
}[] = [
  {
    title: 'Company',
    description: 'Shown on the public site and the proposal pages.',
    fields: [
      { name: 'companyName', label: 'Company name' },
      { name: 'companyPhone', label: 'Public phone', type: 'tel' },
      { name: 'companyEmail', label: 'Public e-mail', type: 'email' },
    ],
  },
  {
    title: 'Proposal-page managers',
    description: 'The contact a customer sees on a proposal, by the mailbox the lead wrote to.',
    fields: [
      { name: 'managerGeralName', label: 'Geral manager name' },
      { name: 'managerGeralPhone', label: 'Geral manager phone', type: 'tel' },
      { name: 'managerComercialName', label: 'Comercial manager name' },
      { name: 'managerComercialPhone', label: 'Comercial manager phone', type: 'tel' },
    ],
  },
  {
    title: 'Older proposal site',
    fields: [
      {
        name: 'legacySiteUrl',
        label: 'Web address',
        type: 'url',
        hint: 'Links to /legacy/proposals/… open this site. Leave blank to show them here.',
      },
    ],
  },
];

const groupId = (title: string) => `settings-group-${title.toLowerCase().replace(/\W+/g, '-')}`;

function LogoField({ logoUrl, companyName }: { logoUrl: string; companyName: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      toast({ title: 'Error', description: 'Upload a JPEG, PNG or WebP image', variant: 'destructive' });
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      toast({ title: 'Error', description: 'The logo must be at most 5 MB', variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toastSuccess('Logo updated'),
      onError: (err) => toastFailure('Failed to upload logo', err),
    });
  };

  return (
    <div className="grid gap-2">
      <Label>Logo</Label>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 min-w-32 items-center justify-center rounded-md border bg-muted/40 px-3">
          {logoUrl ? (
            <img src={logoUrl} alt={`${companyName} logo`} className="max-h-12 max-w-48 object-contain" />
          ) : (
            <span className="font-semibold">{companyName}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="hidden"
            data-testid="logo-file"
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ImageUp aria-hidden />}
            {logoUrl ? 'Replace logo' : 'Upload logo'}
          </Button>
          {logoUrl && (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toastSuccess('Logo removed'),
                  onError: (err) => toastFailure('Failed to remove logo', err),
                })
              }
            >
              <Trash2 aria-hidden />
              Remove logo
            </Button>
          )}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        JPEG, PNG or WebP, up to 5 MB. Without a logo the site shows the company name.
      </p>
    </div>
  );
}

function CompanyForm({ settings, refetch }: { settings: CompanySettings; refetch: () => Promise<unknown> }) {
  const form = useForm<FormValues, unknown, CompanySettingsUpdate>({
    resolver: zodResolver(companySettingsUpdateSchema),
    defaultValues: toForm(settings),
  });
  const save = useUpdateCompanySettings();
  const { isDirty } = form.formState;
  // The version the edits started from (the first change), sent with the save (ADR 022, ADR 024):
  // another admin's save meanwhile makes this one stale instead of silently undone.
  const stale = useStaleWrite(refetch);
  const base = useBaseVersion(settings.version, stale.epoch);
  const { start: startBase, stop: stopBase } = base;
  // Started by the first keystroke (not by isDirty, which a live refresh's reset briefly clears).
  useEffect(() => {
    const sub = form.watch((_, { type }) => type === 'change' && startBase());
    return () => sub.unsubscribe();
  }, [form, startBase]);

  // Saved elsewhere (another admin, another tab): the fields this admin has not touched show the
  // new values; what they typed stays as typed (ADR 024), so a later save never puts back an old
  // value they did not change.
  useEffect(() => {
    form.reset(toForm(settings), { keepDirtyValues: true });
  }, [settings, form]);

  const onSubmit = form.handleSubmit((data) =>
    save.mutate(
      { ...data, version: base.version },
      {
        onSuccess: (saved) => {
          form.reset(toForm(saved));
          stopBase();
          toastSuccess('Settings saved');
        },
        onError: (err) => {
          applyServerErrors(form, err);
          if (!stale.report(err)) toastFailure('Failed to save settings', err);
        },
      },
    ),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-6" noValidate>
      <LogoField logoUrl={settings.logoUrl} companyName={settings.companyName} />
      {GROUPS.map((group) => (
        <section key={group.title} className="grid gap-4" aria-labelledby={groupId(group.title)}>
          <Separator />
          <div>
            <h3 id={groupId(group.title)} className="font-medium">
              {group.title}
            </h3>
            {group.description && <p className="text-sm text-muted-foreground">{group.description}</p>}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) => {
              const error = form.formState.errors[field.name]?.message;
              const id = `settings-${field.name}`;
              return (
                <div
                  key={field.name}
                  className={field.name === 'legacySiteUrl' ? 'grid gap-1.5 sm:col-span-2' : 'grid gap-1.5'}
                >
                  <Label htmlFor={id}>{field.label}</Label>
                  <Input
                    id={id}
                    type={field.type ?? 'text'}
                    aria-invalid={!!error}
                    aria-describedby={field.hint && !error ? `${id}-hint` : undefined}
                    {...form.register(field.name)}
                  />
                  {field.hint && !error && (
                    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                      {field.hint}
                    </p>
                  )}
                  {error && <p className="text-sm text-destructive">{error}</p>}
                </div>
              );
            })}
          </div>
        </section>
      ))}
      {stale.message !== null && (
        <StaleWriteNotice message={stale.message} onReload={() => void stale.reload()} reloading={stale.reloading} />
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button type="button" variant="ghost" asChild>
          <a href="/" target="_blank" rel="noopener">
            <ExternalLink aria-hidden />
            View public site
          </a>
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={!isDirty || save.isPending}
          onClick={() => {
            form.reset();
            stopBase();
            stale.clear();
          }}
        >
          Discard
        </Button>
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Save changes
        </Button>
      </div>
    </form>
  );
}

/**
 * The company details, edited by admins (docs/rulings.md ruling 9): the public site and proposal
 * pages read them on every load.
 */
export function CompanyDetailsCard() {
  const query = useCompanySettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5" aria-hidden />
          Company details
        </CardTitle>
        <CardDescription>What customers see: name, logo, contacts and the proposal-page managers.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={query}
          errorTitle="The company details could not be loaded."
          errorLayout="inline"
          pending={
            <div className="grid gap-3">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-9 w-full" />
              ))}
            </div>
          }
        >
          {(settings) => <CompanyForm settings={settings} refetch={query.refetch} />}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
