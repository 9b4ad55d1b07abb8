import { useEffect, useEffectEvent } from 'react';

/**
 * A dialog's fresh start: `onOpen` runs each time `open` turns true (and again if `key` changes while
 * it is open: another record in the same dialog), `onClose` each time it turns false. Both read the
 * latest props when they run, but a new object from a live refresh or a refetch never reruns them,
 * so what the user typed stays until the dialog is opened again (ADR 024, ADR 071).
 */
export function useResetOnOpen(
  open: boolean,
  onOpen: () => void,
  options: { key?: unknown; onClose?: () => void } = {},
): void {
  const { key, onClose } = options;
  const opened = useEffectEvent(onOpen);
  const closed = useEffectEvent(() => onClose?.());
  useEffect(() => {
    if (open) opened();
    else closed();
  }, [open, key]);
}
