import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { OWNER_RULE_LABELS, OWNER_RULE_MODES, type OwnerRuleMode } from '#shared/schemas/lead-owners.ts';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useLeadOwnerOptions, useOwnerRule, useSaveOwnerRule } from '../api/lead-owners.ts';
import { OwnerSelect } from './owner-select.tsx';

/** Settings: who owns a new lead from any source (ADR 065), admins only. */
export function OwnerRuleCard() {
  const rule = useOwnerRule();
  const options = useLeadOwnerOptions();
  const save = useSaveOwnerRule();
  const reportStale = useReportStaleWrite();
  const [draft, setDraft] = useState<{
    mode: OwnerRuleMode;
    userIds: number[];
    geralUserId: number | null;
    comercialUserId: number | null;
  } | null>(null);
  const current = draft ?? rule.data;
  const set = (patch: Partial<NonNullable<typeof draft>>) => current && setDraft({ ...current, ...patch });
  const submit = () => {
    if (!current || !rule.data) return;
    save.mutate(
      { ...current, version: rule.data.version },
      {
        onSuccess: () => {
          setDraft(null);
          toastSuccess('Owner rule saved');
        },
        onError: (err) => {
          if (!reportStale(err)) toastFailure('Failed to save the owner rule', err);
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Owner of new leads</CardTitle>
        <CardDescription>Applied to every new lead: site form, e-mail, staff and extension.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!current ? (
          <Loader2 className="animate-spin" aria-label="Loading" />
        ) : (
          <>
            <div role="radiogroup" aria-label="Rule" className="grid gap-2">
              {OWNER_RULE_MODES.map((mode) => (
                <label key={mode} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="owner-rule"
                    checked={current.mode === mode}
                    onChange={() => set({ mode })}
                  />
                  {OWNER_RULE_LABELS[mode]}
                </label>
              ))}
            </div>
            {current.mode === 'round_robin' && (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm text-muted-foreground">Staff who take turns</legend>
                {(options.data ?? []).map((o) => (
                  <Label key={o.id} className="font-normal">
                    <Checkbox
                      checked={current.userIds.includes(o.id)}
                      onCheckedChange={(on) =>
                        set({ userIds: on ? [...current.userIds, o.id] : current.userIds.filter((id) => id !== o.id) })
                      }
                    />
                    {o.name}
                  </Label>
                ))}
              </fieldset>
            )}
            {current.mode === 'mailbox' && (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <span className="text-sm text-muted-foreground">Geral</span>
                  <OwnerSelect
                    value={current.geralUserId}
                    label="Owner of geral leads"
                    className="h-9"
                    onChange={(geralUserId) => set({ geralUserId })}
                  />
                </div>
                <div className="grid gap-1.5">
                  <span className="text-sm text-muted-foreground">Comercial</span>
                  <OwnerSelect
                    value={current.comercialUserId}
                    label="Owner of comercial leads"
                    className="h-9"
                    onChange={(comercialUserId) => set({ comercialUserId })}
                  />
                </div>
              </div>
            )}
            <div>
              <Button onClick={submit} disabled={save.isPending || !draft}>
                {save.isPending && <Loader2 className="animate-spin" aria-hidden />} Save rule
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
