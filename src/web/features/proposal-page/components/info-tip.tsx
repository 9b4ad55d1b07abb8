import Info from 'lucide-react/icons/info';
import { TapTip } from '#web/components/ui/tap-tip.tsx';

/** An (i) with its explanation: opens on a tap and stays until dismissed; hover and focus show it too. */
export function InfoTip({ text, label }: { text: string; label: string }) {
  return (
    <TapTip content={text}>
      <button
        type="button"
        aria-label={label}
        className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Info className="size-4" aria-hidden />
      </button>
    </TapTip>
  );
}
