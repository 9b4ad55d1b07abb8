import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { StaleWriteNotice, useBaseVersion, useStaleWrite } from '#web/components/stale-write.tsx';
import { useForm, useWatch } from 'react-hook-form';
import { Loader2 } from 'lucide-react';
import { computeProposalCosts } from '#shared/proposals/costs.ts';
import { proposalInputSchema, type ProposalInputParsed } from '#shared/schemas/proposals.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { GUESSED_TEXT } from '#shared/listings/refusal-text.ts';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { applyServerErrors, serverFieldErrors } from '#web/lib/form-errors.ts';
import { formatEuro } from '#web/lib/money.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { proposalsKey } from '../api/proposal-keys.ts';
import { useSaveProposal } from '../api/save-proposal.ts';
import { toCostInput, toPayload, valuesFrom, type EditorValues, type PhotoChoice } from '../lib/editor-values.ts';
import { CostsTab } from './costs-tab.tsx';
import { ImagesTab } from './images-tab.tsx';
import { VehicleTab } from './vehicle-tab.tsx';
import { useResetOnOpen } from '#web/hooks/use-reset-on-open.ts';

type Tab = 'vehicle' | 'images' | 'costs';
const COST_FIELDS = new Set([
  'transportCost',
  'registrationFee',
  'taxDeclarationDate',
  'electricRangeKm',
  'registrationCountry',
]);
const tabOf = (field: string): Tab => (field === 'imageUrls' ? 'images' : COST_FIELDS.has(field) ? 'costs' : 'vehicle');

interface Props {
  leadId: number;
  mode: 'create' | 'edit';
  initial: ProposalInputParsed;
  proposalId?: number;
  /** Edit: the proposal's version as last read (follows live refreshes; the save sends the one it opened with). */
  version?: number;
  /** The listing was read by guesswork (the generic parser): a notice asks staff to check every field. */
  guessed?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The proposal editor: tabs Vehicle Details, Images (count) and Import Costs. ISV, IVA and the
 * total follow every keystroke through the shared tax engine, the same function the server saves
 * with, so the customer's page shows exactly these numbers.
 */
export function ProposalEditorDialog({
  leadId,
  mode,
  initial,
  proposalId,
  version,
  guessed,
  open,
  onOpenChange,
}: Props) {
  const form = useForm<EditorValues>({ defaultValues: valuesFrom(initial) });
  const [tab, setTab] = useState<Tab>('vehicle');
  const save = useSaveProposal(leadId);
  // Edit sends the version read when the editor opened (ADR 024); a stale save shows the notice
  // above the buttons and keeps every tab as typed until the user reloads.
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: proposalsKey(leadId) }),
    [queryClient, leadId],
  );
  const stale = useStaleWrite(refetch);
  const base = useBaseVersion(version ?? 1, stale.epoch);
  const { start: startBase, stop: stopBase } = base;
  const { clear: clearStale } = stale;

  // On open, and when the caller hands other starting values; a live refresh never resets what is typed.
  useResetOnOpen(
    open,
    () => {
      form.reset(valuesFrom(initial));
      setTab('vehicle');
      startBase();
    },
    {
      key: initial,
      onClose: () => {
        stopBase();
        clearStale();
      },
    },
  );

  const watched = useWatch({ control: form.control }) as EditorValues;
  const costs = useMemo(() => computeProposalCosts(toCostInput(watched), todayInLisbon()), [watched]);
  const photos = form.watch('photos');
  const chosen = photos.filter((p) => p.selected && !p.broken).length;
  const setPhotos = (update: (photos: PhotoChoice[]) => PhotoChoice[]) =>
    form.setValue('photos', update(form.getValues('photos')), { shouldDirty: true });

  // The first field with a message picks the tab to show.
  const showTabOf = (fields: Record<string, string>) => {
    const first = Object.keys(fields)[0];
    if (first) setTab(tabOf(first));
  };

  const submit = form.handleSubmit((values) => {
    const payload = toPayload(values);
    const parsed = proposalInputSchema.safeParse(payload);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      for (const [name, message] of Object.entries(fields)) form.setError(name as keyof EditorValues, { message });
      showTabOf(fields);
      return;
    }
    const editing = mode === 'edit' && proposalId !== undefined;
    save.mutate(
      { id: editing ? proposalId : null, data: editing ? { ...payload, version: base.version } : payload },
      {
        onSuccess: (answer) => {
          toastSuccess(mode === 'edit' ? 'Proposal updated' : 'Proposal created');
          if (answer.failedImages.length) {
            toast({
              title: `${answer.failedImages.length} photo${answer.failedImages.length === 1 ? '' : 's'} could not be copied`,
              description: `${answer.failedImages[0]!.message}. The proposal was saved without ${answer.failedImages.length === 1 ? 'it' : 'them'}.`,
              variant: 'destructive',
            });
          }
          onOpenChange(false);
        },
        onError: (err) => {
          applyServerErrors(form, err);
          showTabOf(serverFieldErrors(err) ?? {});
          if (stale.report(err)) return;
          toastFailure(mode === 'edit' ? 'Failed to update proposal' : 'Failed to create proposal', err);
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="flex max-h-[94svh] flex-col gap-3 p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{mode === 'edit' ? 'Edit Proposal' : 'New Proposal'}</DialogTitle>
          <DialogDescription>Check the car's data and photos; the import costs follow as you type.</DialogDescription>
        </DialogHeader>
        {guessed && (
          <Alert data-testid="listing-guessed">
            <AlertTitle>Read by guesswork</AlertTitle>
            <AlertDescription>
              <p>{GUESSED_TEXT.en}</p>
              <p lang="pt-PT">{GUESSED_TEXT.pt}</p>
            </AlertDescription>
          </Alert>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate className="flex min-h-0 flex-1 flex-col gap-3">
          <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="min-h-0 flex-1">
            <TabsList className="w-full sm:w-fit">
              <TabsTrigger value="vehicle">Vehicle Details</TabsTrigger>
              <TabsTrigger value="images">Images ({chosen})</TabsTrigger>
              <TabsTrigger value="costs">Import Costs</TabsTrigger>
            </TabsList>
            <div className="min-h-0 flex-1 overflow-y-auto px-0.5 py-1">
              <TabsContent value="vehicle" forceMount hidden={tab !== 'vehicle'}>
                <VehicleTab form={form} />
              </TabsContent>
              <TabsContent value="images" forceMount hidden={tab !== 'images'}>
                <ImagesTab photos={photos} onChange={setPhotos} autoDeselectSmall={mode === 'create'} />
              </TabsContent>
              <TabsContent value="costs" forceMount hidden={tab !== 'costs'}>
                <CostsTab form={form} costs={costs} />
              </TabsContent>
            </div>
          </Tabs>
          {stale.message !== null && (
            <StaleWriteNotice
              message={stale.message}
              onReload={() => void stale.reload()}
              reloading={stale.reloading}
            />
          )}
          <DialogFooter className="items-center gap-2 border-t pt-3 sm:justify-between">
            <p className="text-sm text-muted-foreground" data-testid="editor-summary">
              ISV <span className="font-medium text-foreground tabular-nums">{formatEuro(costs.isvCost) ?? '—'}</span> ·
              IVA <span className="font-medium text-foreground tabular-nums">{formatEuro(costs.ivaCost) ?? '—'}</span> ·
              Total{' '}
              <span className="font-semibold text-foreground tabular-nums">{formatEuro(costs.totalCost) ?? '—'}</span>
            </p>
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {save.isPending ? 'Saving...' : mode === 'edit' ? 'Save changes' : 'Create proposal'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
