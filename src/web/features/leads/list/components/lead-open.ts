import type { KeyboardEvent, MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

export const leadPath = (id: number) => `/admin/leads/${id}`;

/** A click opens the lead; with Ctrl or Cmd it opens in a new tab like a link would. */
export function openLeadOnClick(e: MouseEvent, id: number, navigate: NavigateFunction): void {
  if (e.defaultPrevented) return;
  if (e.metaKey || e.ctrlKey) window.open(leadPath(id), '_blank', 'noopener');
  else void navigate(leadPath(id));
}

export function openLeadOnEnter(e: KeyboardEvent, id: number, navigate: NavigateFunction): void {
  if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
  e.preventDefault();
  void navigate(leadPath(id));
}

export const fullName = (lead: { firstName: string; lastName: string | null }) =>
  [lead.firstName, lead.lastName].filter(Boolean).join(' ');
