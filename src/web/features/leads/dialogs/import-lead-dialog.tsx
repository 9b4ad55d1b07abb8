import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { importLeadSchema } from '#shared/schemas/mailboxes.ts';
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
import { ApiError, isUnauthorized } from '#web/lib/api-client.ts';
import { useImportLead } from '../api/mail-check.ts';

/** 'Import Lead by Reference': searches both mailboxes for the e-mail carrying it (docs/rulings.md ruling 6). */
export function ImportLeadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<{ reference: string }>({
    resolver: zodResolver(importLeadSchema),
    defaultValues: { reference: '' },
  });
  const importLead = useImportLead();
  const navigate = useNavigate();
  useEffect(() => {
    if (open) form.reset({ reference: '' });
  }, [open, form]);

  const onSubmit = form.handleSubmit(({ reference }) =>
    importLead.mutate(reference, {
      onSuccess: (r) => {
        toast({ title: 'Import Complete', description: `Lead Created: ${r.reference}` });
        onOpenChange(false);
        void navigate(`/admin/leads/${r.leadId}`);
      },
      onError: (err) => {
        if (isUnauthorized(err)) return;
        const message = err instanceof ApiError ? err.serverMessage : String(err);
        toast({ title: 'Import Failed', description: message, variant: 'destructive' });
      },
    }),
  );
  const error = form.formState.errors.reference?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Import Lead by Reference</DialogTitle>
          <DialogDescription>
            Searches the connected mailboxes (last 90 days) for the e-mail carrying this reference and creates the lead.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="import-reference">Reference number</Label>
            <Input
              id="import-reference"
              autoComplete="off"
              aria-invalid={!!error}
              aria-describedby={error ? 'import-reference-error' : undefined}
              {...form.register('reference')}
            />
            {error && (
              <p id="import-reference-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={importLead.isPending}>
              {importLead.isPending && <Loader2 className="animate-spin" />} Import
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
