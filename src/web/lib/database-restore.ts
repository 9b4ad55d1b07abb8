import { useSyncExternalStore } from 'react';

/**
 * A database restore as open pages see it (ADR 030): 'database_restoring' covers the screen with
 * 'Restoring database'; 'database_restored' reloads the page, except in the tab that asked for the
 * restore, which shows its own result and refetches.
 */
let restoring = false;
let ownRestore = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  restoring = value;
  for (const l of listeners) l();
};

export function handleDatabaseEvent(type: string, reload: () => void = () => window.location.reload()): void {
  if (type === 'database_restoring') set(true);
  if (type === 'database_restored') {
    set(false);
    if (!ownRestore) reload();
  }
}

/** The tab running a restore marks it, so the end of its own restore does not reload it. */
export function markOwnRestore(on: boolean): void {
  ownRestore = on;
  if (!on) set(false);
}

export function useDatabaseRestoring(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => restoring,
    () => false,
  );
}
