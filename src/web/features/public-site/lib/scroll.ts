import type { MouseEvent } from 'react';

/** Smooth scroll to a section of this page, keeping the address (#anchor) as a plain link would. */
export function scrollToAnchor(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return; // another page: the browser follows the link
  event.preventDefault();
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  history.replaceState(history.state, '', `#${id}`);
  // Keyboard users continue from the section they asked for.
  target.focus({ preventScroll: true });
}
