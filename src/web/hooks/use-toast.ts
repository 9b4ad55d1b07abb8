import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastVariant } from '#web/components/ui/toast.tsx';

/** Spec: one toast visible at a time; a new toast replaces the current one. */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays in the store (closed) this long so its close animation can play. */
export const TOAST_REMOVE_DELAY_MS = 500;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastActionElement;
  /** Overrides the provider's 5000 ms for this toast. */
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

let toasts: ToasterToast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToasterToast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

/** Closes one toast (or all when no id is given); it is removed from the store after its close animation. */
export function dismiss(id?: string): void {
  const targets = toasts.filter((t) => (id === undefined || t.id === id) && t.open);
  if (targets.length === 0) return;
  for (const t of targets) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

function update(id: string, options: ToastOptions): void {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...options } : t)));
}

/** Shows a toast, replacing any visible one (TOAST_LIMIT = 1). */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss(id);
    },
  };
  const kept = [item, ...toasts].slice(0, TOAST_LIMIT);
  for (const t of toasts) {
    if (!kept.includes(t)) {
      clearTimeout(removeTimers.get(t.id));
      removeTimers.delete(t.id);
    }
  }
  setToasts(kept);
  return { id, dismiss: () => dismiss(id), update: (next) => update(id, next) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToasterToast[] {
  return toasts;
}

export function useToast(): { toasts: ToasterToast[]; toast: typeof toast; dismiss: typeof dismiss } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss };
}
