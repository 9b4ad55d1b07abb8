import XIcon from 'lucide-react/icons/x';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useToast } from '#web/hooks/use-toast.ts';
import { Toast, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '#web/components/ui/toast.tsx';

/** The app's toasts (one at a time, 5000 ms, swipe right) with a close button labelled in the page's language. */
export function PublicToastView({ closeLabel }: { closeLabel: string }) {
  const { toasts } = useToast();
  return (
    <ToastProvider label="Notificação">
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastPrimitive.Close
            data-slot="toast-close"
            aria-label={closeLabel}
            className="absolute top-2 right-2 rounded-md p-1 text-foreground/50 transition-opacity hover:text-foreground focus:ring-2 focus:outline-none group-[.destructive]:text-white/70 group-[.destructive]:hover:text-white"
          >
            <XIcon className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
