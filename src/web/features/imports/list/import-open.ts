import type { KeyboardEvent, MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

export const importPath = (id: number) => `/admin/imports/${id}`;

/** A row click opens the import; with Ctrl or Cmd in a new tab, like a link. */
export function openImportOnClick(e: MouseEvent, id: number, navigate: NavigateFunction): void {
  if (e.defaultPrevented) return;
  if (e.metaKey || e.ctrlKey) window.open(importPath(id), '_blank', 'noopener');
  else void navigate(importPath(id));
}

export function openImportOnEnter(e: KeyboardEvent, id: number, navigate: NavigateFunction): void {
  if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
  e.preventDefault();
  void navigate(importPath(id));
}

export const vehicleName = (i: { vehicleMake: string; vehicleModel: string; vehicleYear: number | null }) =>
  [i.vehicleYear, i.vehicleMake, i.vehicleModel].filter(Boolean).join(' ');

/** Created dates in the lists: 'Nov 25, 2026'. */
export const formatCreated = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
