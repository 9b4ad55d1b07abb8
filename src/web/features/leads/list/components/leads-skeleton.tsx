import { Skeleton } from '#web/components/ui/skeleton.tsx';

/** Placeholder rows while the first page loads. */
export function LeadsSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading leads" className="divide-y">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex h-14 items-center gap-4 px-4">
          <Skeleton className="size-4 rounded-full" />
          <Skeleton className="h-4 w-16" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="hidden h-4 w-20 md:block" />
          <Skeleton className="hidden h-5 w-24 rounded-md md:block" />
          <Skeleton className="hidden h-4 w-32 lg:block" />
        </div>
      ))}
    </div>
  );
}
