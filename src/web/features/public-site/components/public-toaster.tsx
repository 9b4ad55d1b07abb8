import { useEffect, useState } from 'react';
import { useToast } from '#web/hooks/use-toast.ts';
import type { PublicToastView } from './public-toast-view.tsx';

type ToastView = typeof PublicToastView;

// The toast primitives (Radix) load with the first toast, not with the page.
const loadToastView = () => import('./public-toast-view.tsx').then((m) => m.PublicToastView);

/** Loads the toast code ahead of a toast that is about to come (the quote form calls it on submit). */
export const preloadToasts = () => void loadToastView();

export function PublicToaster({ closeLabel = 'Fechar' }: { closeLabel?: string }) {
  const { toasts } = useToast();
  // A plain state, not React.lazy: a toast appears as soon as its code has arrived.
  const [View, setView] = useState<ToastView | null>(null);
  const needed = toasts.length > 0;
  useEffect(() => {
    if (!needed || View) return;
    let live = true;
    void loadToastView().then((v) => live && setView(() => v));
    return () => {
      live = false;
    };
  }, [needed, View]);
  return View ? <View closeLabel={closeLabel} /> : null;
}
