import { useCallback } from 'react';
import type { Import, ImportUpdateInput } from '#shared/schemas/imports.ts';
import { useReportStaleWrite } from '#web/components/stale-write.tsx';
import { toastFailure } from '#web/lib/notify.ts';
import { useUpdateImport } from '../api/update-import.ts';

/**
 * One write of the detail: PUT with the version the screen read (ADR 024). A stale write shows the
 * screen's notice; any other failure toasts `failure` (section 8's text).
 */
export function useImportWrite(imp: Pick<Import, 'id' | 'version'>) {
  const update = useUpdateImport(imp.id);
  const reportStale = useReportStaleWrite();
  const write = useCallback(
    (
      data: ImportUpdateInput,
      failure: string,
      handlers: { onSuccess?: () => void; onError?: (err: unknown) => void } = {},
      /** The version the form started from (useBaseVersion); one-click writes send the current one. */
      version: number = imp.version,
    ) =>
      update.mutate(
        { ...data, version },
        {
          onSuccess: () => handlers.onSuccess?.(),
          onError: (err) => {
            handlers.onError?.(err);
            if (!reportStale(err)) toastFailure(failure, err, false);
          },
        },
      ),
    [update, imp.version, reportStale],
  );
  return { write, pending: update.isPending };
}
