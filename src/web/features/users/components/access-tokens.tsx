import { useState } from 'react';
import { Check, Copy, KeyRound, Loader2 } from 'lucide-react';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPE, type ApiToken } from '#shared/schemas/api-tokens.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { QueryStates } from '#web/components/query-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens.ts';

/**
 * Edit Profile's personal access tokens for the browser extension (ADR 032): create one with a
 * name (its value is shown this once), see when each was last used, revoke it.
 */
export function AccessTokens({ enabled }: { enabled: boolean }) {
  const tokens = useApiTokens(enabled);
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const submit = () => {
    setNameError(null);
    create.mutate(
      { name },
      {
        onSuccess: (result) => {
          setCreated({ name: result.apiToken.name, token: result.token });
          setCopied(false);
          setName('');
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields?.name : undefined;
          if (field) setNameError(field);
          else toastFailure('Failed to create the token', err, false);
        },
      },
    );
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      /* the token stays selectable in the box */
    }
  };

  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby="access-tokens-title">
      <div>
        <h3 id="access-tokens-title" className="flex items-center gap-2 text-sm font-semibold">
          <KeyRound className="size-4" aria-hidden /> Access tokens
        </h3>
        <p className="text-xs text-muted-foreground">
          Paste one into the browser extension&apos;s options. {API_TOKEN_SCOPE}.
        </p>
      </div>
      {created ? (
        <div className="grid gap-1.5 rounded-md border border-emerald-600/40 bg-emerald-50 p-3 dark:bg-emerald-950/40">
          <p className="text-sm font-medium">
            Token &ldquo;{created.name}&rdquo; created. Copy it now: it will not be shown again.
          </p>
          <div className="flex gap-2">
            <Input
              readOnly
              value={created.token}
              aria-label="New access token"
              className="font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
      ) : null}
      <form
        className="flex items-end gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="token-name">Token name</Label>
          <Input
            id="token-name"
            placeholder="e.g. Chrome on my laptop"
            maxLength={API_TOKEN_NAME_MAX}
            value={name}
            aria-invalid={!!nameError}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Create token
        </Button>
      </form>
      {nameError && <p className="text-sm text-destructive">{nameError}</p>}
      <QueryStates
        query={tokens}
        pending={<p className="text-xs text-muted-foreground">Loading tokens…</p>}
        errorTitle="The tokens could not be loaded."
        errorLayout="inline"
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-xs text-muted-foreground">No tokens yet.</p>}
      >
        {(list) => (
          <ul className="grid gap-2" aria-label="Access tokens">
            {list.map((t) => (
              <li
                key={t.id}
                className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm data-[revoked=true]:opacity-60"
                data-revoked={t.revokedAt !== null}
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {t.name} <span className="font-mono text-xs text-muted-foreground">{t.prefix}…</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Created {formatDateTime(t.createdAt)} · Last used{' '}
                    {t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'never'}
                    {t.revokedAt ? ` · Revoked ${formatDateTime(t.revokedAt)}` : ''}
                  </p>
                </div>
                {t.revokedAt ? null : (
                  <Button type="button" variant="outline" size="sm" onClick={() => setRevoking(t)}>
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this token?"
        description={`The extension using "${revoking?.name ?? ''}" stops working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        destructive
        onConfirm={() => revoke.mutateAsync(revoking!.id)}
        successMessage="Token revoked"
        failureMessage="Failed to revoke the token"
      />
    </section>
  );
}
