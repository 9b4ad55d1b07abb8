/**
 * Class strings shared by the public pages. The public pages do not use components/ui's Button
 * and Input: those pull tailwind-merge and Radix Slot into the JavaScript for / (docs/decisions/009).
 */
const focusRing = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

const primaryLook = `items-center justify-center gap-2 rounded-lg bg-primary text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 ${focusRing}`;

export const publicButton = {
  primary: `inline-flex h-11 px-6 ${primaryLook}`,
  /** The header's copy of the main action: from tablets up (phones have it in the hero). */
  headerPrimary: `hidden h-9 px-4 sm:inline-flex ${primaryLook}`,
  outline: `inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-input bg-background px-6 text-sm font-semibold text-foreground shadow-xs transition-colors hover:bg-accent hover:text-accent-foreground dark:bg-input/30 dark:hover:bg-input/50 [&_svg]:size-4 ${focusRing}`,
  ghostIcon: `inline-flex size-10 items-center justify-center rounded-lg text-foreground transition-colors hover:bg-accent hover:text-accent-foreground [&_svg]:size-5 ${focusRing}`,
};

export const publicField = {
  label: 'text-sm font-medium text-foreground',
  input: `flex h-11 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground/80 focus-visible:border-ring aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-input/30 md:text-sm ${focusRing}`,
  error: 'text-sm font-medium text-destructive',
  hint: 'text-xs text-muted-foreground',
};

/** Width and side padding of every public section. */
export const publicContainer = 'mx-auto w-full max-w-6xl px-4 sm:px-6';
