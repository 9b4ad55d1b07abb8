import { useId, useRef, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react';
import { Popover, Slot } from 'radix-ui';

type OpenBy = 'hover' | 'focus' | 'tap' | null;

export interface TapTipProps {
  /** The trigger: one focusable element (a button), which receives the handlers. */
  children: ReactElement;
  content: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
  /** Classes of the bubble; plain strings (public pages load no class merger). */
  contentClassName?: string;
}

const BUBBLE =
  'z-50 max-w-72 rounded-md bg-foreground px-3 py-2 text-xs text-balance text-background shadow-md outline-none animate-in fade-in-0 zoom-in-95';

/**
 * A hint that opens on a tap or click and stays open until dismissed (tap again, tap outside,
 * Escape); a mouse hover or keyboard focus shows it too, and leaving closes what they opened.
 * Touch screens have no hover: a tooltip there opens for a moment and closes again.
 */
export function TapTip({ children, content, side = 'top', contentClassName = BUBBLE }: TapTipProps) {
  const [openBy, setOpenBy] = useState<OpenBy>(null);
  const anchorRef = useRef<HTMLElement>(null);
  // Focus that comes with a pointer press is followed by the click; only keyboard focus opens.
  const pressing = useRef(false);
  const open = openBy !== null;
  const id = useId();
  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && setOpenBy(null)}>
      <Popover.Anchor asChild>
        <Slot.Root
          ref={anchorRef}
          aria-expanded={open}
          aria-describedby={open ? id : undefined}
          data-state={open ? 'open' : 'closed'}
          onPointerDown={() => {
            pressing.current = true;
          }}
          onPointerEnter={(e: PointerEvent) => {
            if (e.pointerType === 'mouse') setOpenBy((by) => by ?? 'hover');
          }}
          onPointerLeave={(e: PointerEvent) => {
            if (e.pointerType === 'mouse') setOpenBy((by) => (by === 'hover' ? null : by));
          }}
          onFocus={() => {
            if (!pressing.current) setOpenBy((by) => by ?? 'focus');
          }}
          onBlur={() => {
            pressing.current = false;
            setOpenBy((by) => (by === 'focus' ? null : by));
          }}
          onClick={() => {
            pressing.current = false;
            setOpenBy((by) => (by === 'tap' ? null : 'tap'));
          }}
        >
          {children}
        </Slot.Root>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          id={id}
          data-slot="tap-tip-content"
          role="tooltip"
          side={side}
          sideOffset={4}
          collisionPadding={12}
          className={contentClassName}
          // Keep focus on the trigger: the hint is text, not a dialog.
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          // A press on the trigger toggles it in onClick; dismissing here first would reopen it.
          onInteractOutside={(e) => {
            if (anchorRef.current?.contains(e.target as Node)) e.preventDefault();
          }}
        >
          {content}
          <Popover.Arrow className="fill-foreground" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
