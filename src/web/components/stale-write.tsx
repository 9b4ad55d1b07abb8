import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Loader2, RefreshCw, TriangleAlert } from 'lucide-react';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

/** The server's code for a write based on a version someone else already replaced (ADR 022). */
export const STALE_VERSION_CODE = 'STALE_VERSION';

/** A 409 STALE_VERSION answer: someone saved the record after this screen read it. */
export const isStaleWrite = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status === 409 && err.code === STALE_VERSION_CODE;

/**
 * The stale-write notice (docs/decisions/024-stale-write-ux.md): the server's message ('This
 * import was changed by someone else. Reload to see the latest.') and a Reload button. It never
 * touches a form: what the user typed stays on screen while they decide.
 */
export function StaleWriteNotice({
  message,
  onReload,
  reloading = false,
  className,
}: {
  message: string;
  onReload: () => void;
  reloading?: boolean;
  className?: string;
}) {
  return (
    <Alert variant="warning" className={cn('items-center', className)} data-testid="stale-write">
      <TriangleAlert aria-hidden />
      <AlertTitle className="line-clamp-none">{message}</AlertTitle>
      <AlertDescription>
        <p>What you typed is still here. Reload, check it against the latest, then save again.</p>
        {/* type="button": inside a dialog's form the notice must not submit it. */}
        <Button type="button" size="sm" variant="outline" className="mt-1" onClick={onReload} disabled={reloading}>
          {reloading ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          Reload
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export interface StaleWriteState {
  /** The message to show, null when no write was refused. */
  message: string | null;
  reloading: boolean;
  /** Counts the reloads done: a form that keeps the version it read takes the fresh one when this changes. */
  epoch: number;
  /** Takes a failed write's error: true (and the notice shows) when it was a stale write. */
  report: (err: unknown) => boolean;
  /** Reads the latest (the caller's refetch), then hides the notice. */
  reload: () => Promise<void>;
  clear: () => void;
}

/** The state behind one notice; `refetch` reads the record again (a query's refetch or an invalidation). */
export function useStaleWrite(refetch: () => Promise<unknown>): StaleWriteState {
  const [message, setMessage] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [epoch, setEpoch] = useState(0);
  const report = useCallback((err: unknown) => {
    if (!isStaleWrite(err)) return false;
    setMessage(err.serverMessage);
    return true;
  }, []);
  const reload = useCallback(async () => {
    setReloading(true);
    try {
      await refetch();
      setMessage(null);
      setEpoch((n) => n + 1);
    } finally {
      setReloading(false);
    }
  }, [refetch]);
  const clear = useCallback(() => setMessage(null), []);
  return useMemo(
    () => ({ message, reloading, epoch, report, reload, clear }),
    [message, reloading, epoch, report, reload, clear],
  );
}

const StaleWriteContext = createContext<StaleWriteState | null>(null);

/**
 * A screen's one notice for all its inline writes (status arrows, checkboxes, edit cards): shown
 * above `children`, sticky so it stays in sight while the user scrolls to the card they edited.
 */
export function StaleWriteBoundary({ refetch, children }: { refetch: () => Promise<unknown>; children: ReactNode }) {
  const state = useStaleWrite(refetch);
  return (
    <StaleWriteContext.Provider value={state}>
      {state.message !== null && (
        // Below the admin header (h-14, sticky), on an opaque backing: the alert's tint is translucent.
        <div className="sticky top-16 z-20 mb-4 rounded-lg bg-background">
          <StaleWriteNotice
            message={state.message}
            onReload={() => void state.reload()}
            reloading={state.reloading}
            className="shadow-md"
          />
        </div>
      )}
      {children}
    </StaleWriteContext.Provider>
  );
}

/**
 * The surrounding boundary's `report`: true when the error was a stale write (the notice took it,
 * so the caller shows no failure toast). Outside a boundary it reports nothing.
 */
export function useReportStaleWrite(): (err: unknown) => boolean {
  const state = useContext(StaleWriteContext);
  return state?.report ?? noBoundary;
}
const noBoundary = () => false;

/** The surrounding boundary's reload count (0 outside one). */
export function useStaleWriteEpoch(): number {
  return useContext(StaleWriteContext)?.epoch ?? 0;
}

/**
 * The version a form read when the user started editing. A live refresh may bring a newer record
 * while they type; their save must still name the version they started from, so someone else's
 * change is never overwritten unseen (ADR 024). `start` takes the current version, `stop` lets it
 * follow the record again, and a Reload (a new `epoch`) moves it to the latest: they have seen it.
 */
export function useBaseVersion(current: number, epoch: number) {
  const [base, setBase] = useState<number | null>(null);
  const [seenEpoch, setSeenEpoch] = useState(epoch);
  const [rebase, setRebase] = useState(false);
  // Adjusting state while rendering (React's documented pattern). After a Reload the record's new
  // version may arrive a render later than the epoch: a stale write means the server holds a newer
  // version than `base`, so the rebase waits for the version to differ.
  if (seenEpoch !== epoch) {
    setSeenEpoch(epoch);
    if (base !== null) setRebase(true);
  }
  if (rebase && base !== null && current !== base) {
    setBase(current);
    setRebase(false);
  }
  const start = useCallback(() => setBase((b) => b ?? current), [current]);
  const stop = useCallback(() => {
    setBase(null);
    setRebase(false);
  }, []);
  return { version: base ?? current, start, stop, editing: base !== null };
}
