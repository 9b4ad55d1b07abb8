import { useState } from 'react';
import Info from 'lucide-react/icons/info';
import { Tooltip } from 'radix-ui';

/**
 * An (i) with a tooltip (opens after 700 ms on hover or focus). A tap opens it too: phones have no
 * hover.
 */
export function InfoTip({ text, label }: { text: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Info className="size-4" aria-hidden />
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          data-slot="tooltip-content"
          sideOffset={4}
          collisionPadding={12}
          className="z-50 max-w-72 rounded-md bg-foreground px-3 py-2 text-xs text-balance text-background shadow-md animate-in fade-in-0 zoom-in-95"
        >
          {text}
          <Tooltip.Arrow className="fill-foreground" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
