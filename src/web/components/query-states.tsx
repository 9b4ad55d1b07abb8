import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Card, CardContent } from './ui/card.tsx';

/** What QueryStates reads from a TanStack Query result (useQuery or useInfiniteQuery). */
export interface QueryStateSource<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * How the error is shown, each with a 'Try again' button that refetches:
 * - `alert`: a destructive Alert titled 'Error' reading '{errorTitle}: {error message}' (a screen's body);
 * - `inline`: '{errorTitle}' and the button on one line (inside a card);
 * - `card`: a centred Card with '{errorTitle}', the error message below it, and the button (a whole screen).
 */
export type QueryErrorLayout = 'alert' | 'inline' | 'card';

export interface QueryStatesProps<T> {
  query: QueryStateSource<T>;
  /** Shown while the first load runs (a skeleton or a spinner). */
  pending: ReactNode;
  /** The screen's sentence for a failed load ('Failed to load the dashboard', 'The timeline could not be loaded.'). */
  errorTitle: string;
  errorLayout?: QueryErrorLayout;
  /** Extra classes on the error's outer element. */
  errorClassName?: string;
  /**
   * When a refetch fails while (non-empty) data is at hand, keep showing the data instead of the
   * error. Off by default: an error replaces what was shown, as TanStack's `status` says.
   */
  keepDataOnError?: boolean;
  /** True when the data has nothing to show; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** One ladder for a query's states: pending, error with 'Try again', empty, then the data. */
export function QueryStates<T>({
  query,
  pending,
  errorTitle,
  errorLayout = 'alert',
  errorClassName,
  keepDataOnError = false,
  isEmpty,
  empty,
  children,
}: QueryStatesProps<T>) {
  const { data } = query;
  if (query.isPending) return <>{pending}</>;
  const showData = keepDataOnError && data !== undefined && !isEmpty?.(data);
  if (query.isError && !showData) {
    return (
      <QueryError
        layout={errorLayout}
        title={errorTitle}
        message={query.error?.message}
        className={errorClassName}
        retry={() => void query.refetch()}
      />
    );
  }
  if (data === undefined) return <>{pending}</>; // not reached: a settled query without an error has data
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}

function QueryError({
  layout,
  title,
  message,
  className,
  retry,
}: {
  layout: QueryErrorLayout;
  title: string;
  message: string | undefined;
  className?: string;
  retry: () => void;
}) {
  switch (layout) {
    case 'alert':
      return (
        <Alert variant="destructive" className={className}>
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>
            <p>
              {title}: {message}
            </p>
            <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      );
    case 'inline':
      return (
        <div className={cn('flex flex-wrap items-center gap-2 text-sm text-destructive', className)}>
          {title}
          <Button size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        </div>
      );
    case 'card':
      return (
        <Card className={className}>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <p>{title}</p>
            <p className="text-sm text-muted-foreground">{message}</p>
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          </CardContent>
        </Card>
      );
  }
}
