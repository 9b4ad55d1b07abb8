import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Loader2, SearchX } from 'lucide-react';
import { QueryStates } from '#web/components/query-states.tsx';
import { StaleWriteBoundary } from '#web/components/stale-write.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useImport } from '#web/features/imports/api/get-import.ts';
import { IMPORTS_KEY } from '#web/features/imports/api/import-keys.ts';
import { ClientCard } from '#web/features/imports/detail/client-card.tsx';
import { DeliveryCard } from '#web/features/imports/detail/delivery-card.tsx';
import { FinancialsCard } from '#web/features/imports/detail/financials-card.tsx';
import { ImportHeader } from '#web/features/imports/detail/import-header.tsx';
import { NotesCard } from '#web/features/imports/detail/notes-card.tsx';
import { StageHistory } from '#web/features/imports/detail/stage-history.tsx';
import { VehicleCard } from '#web/features/imports/detail/vehicle-card.tsx';

/** /admin/imports/{id}: one import, its stages, client, car, notes, costs and profit. */
export function ImportDetailScreen() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <ImportMissing />;
  // A fresh screen per import: edit modes and drafts start over.
  return <ImportDetail key={id} id={id} />;
}

function ImportDetail({ id }: { id: number }) {
  const query = useImport(id);
  const queryClient = useQueryClient();
  const { refetch } = query;
  // Reload after a stale write: the import, and the lists that show it.
  const reload = useCallback(
    () =>
      Promise.all([
        refetch(),
        queryClient.invalidateQueries({ queryKey: IMPORTS_KEY, predicate: (q) => q.queryKey[1] === 'list' }),
      ]),
    [refetch, queryClient],
  );

  if (query.error instanceof ApiError && query.error.status === 404) return <ImportMissing />;
  return (
    <QueryStates
      query={query}
      pending={
        <div className="flex justify-center py-16">
          <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Loading import" />
        </div>
      }
      errorTitle="The import could not be loaded."
      errorLayout="card"
      keepDataOnError
    >
      {(imp) => (
        <StaleWriteBoundary refetch={reload}>
          <ImportHeader imp={imp} />
          <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
            <div className="grid grid-cols-1 min-w-0 gap-4">
              <ClientCard imp={imp} />
              <VehicleCard imp={imp} />
              <NotesCard imp={imp} />
            </div>
            <div className="grid grid-cols-1 min-w-0 gap-4">
              <FinancialsCard imp={imp} refetch={reload} />
              <DeliveryCard imp={imp} />
              <StageHistory imp={imp} />
            </div>
          </div>
        </StaleWriteBoundary>
      )}
    </QueryStates>
  );
}

function ImportMissing() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
        <SearchX className="size-8 text-muted-foreground" aria-hidden />
        <h1 className="text-xl font-semibold">Import not found</h1>
        <p className="text-sm text-muted-foreground">It may have been deleted, or the link is wrong.</p>
        <Button asChild variant="outline">
          <Link to="/admin/imports">
            <ArrowLeft aria-hidden /> Back to imports
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
