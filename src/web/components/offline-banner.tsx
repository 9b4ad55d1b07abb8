import { WifiOff } from 'lucide-react';
import { useOnline } from '#web/hooks/use-online.ts';

/**
 * Says so when the network drops, instead of letting saves fail silently; it goes away when the
 * network returns, and the live updates reconnect and refresh the page's data (lib/realtime.ts).
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      <span>
        You are offline. Changes cannot be saved until the connection returns; this page refreshes by itself when it
        does.
      </span>
    </div>
  );
}
