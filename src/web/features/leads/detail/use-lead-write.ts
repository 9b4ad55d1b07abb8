import { useCallback } from 'react';
import type { Lead } from '#shared/schemas/leads.ts';
import type { LeadUpdateInput } from '#shared/schemas/lead-writes.ts';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { toastFailure } from '#web/lib/notify.ts';
import { useUpdateLead } from '../api/update-lead.ts';

export interface LeadWriteHandlers {
  onSuccess?: (lead: Lead) => void;
  onError?: (err: unknown) => void;
  /** The failure toast's text ('Failed to save notes'); a stale write shows the screen's notice instead. */
  failure: string;
  /** Whether the toast adds the server's message (default true). */
  withMessage?: boolean;
}

/**
 * One write of the lead detail: PUT with the version the screen read (ADR 022, ADR 024). A stale
 * write shows the screen's notice (StaleWriteBoundary) and leaves the form as typed; any other
 * failure toasts.
 */
export function useLeadWrite(lead: Pick<Lead, 'id' | 'version'>) {
  const update = useUpdateLead(lead.id);
  const reportStale = useReportStaleWrite();
  const write = useCallback(
    (
      data: LeadUpdateInput,
      handlers: LeadWriteHandlers,
      /** The version the form started from (useBaseVersion); one-click writes send the current one. */
      version: number = lead.version,
    ) =>
      update.mutate(
        { ...data, version },
        {
          onSuccess: (saved) => handlers.onSuccess?.(saved),
          onError: (err) => {
            handlers.onError?.(err);
            if (!reportStale(err)) toastFailure(handlers.failure, err, handlers.withMessage ?? true);
          },
        },
      ),
    [update, lead.version, reportStale],
  );
  return { write, pending: update.isPending };
}
