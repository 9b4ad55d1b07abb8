import MessageCircle from 'lucide-react/icons/message-circle';
import MessageSquare from 'lucide-react/icons/message-square';
import Phone from 'lucide-react/icons/phone';
import UserRound from 'lucide-react/icons/user-round';
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import type { Manager } from '#shared/schemas/settings.ts';
import { phoneLinks } from '../lib/contact-links.ts';
import type { ProposalTexts } from '../lib/i18n.ts';

const actionClass =
  'flex h-12 items-center gap-3 rounded-lg border px-4 text-sm font-semibold outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-5';

/** 'Gestor': the manager of the lead's mailbox (comercial, else geral), with call, SMS and WhatsApp. */
export function ManagerCard({ manager, t }: { manager: Manager; t: ProposalTexts }) {
  const links = phoneLinks(manager.phone);
  return (
    <section
      aria-labelledby="manager-title"
      className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      data-slot="manager-card"
    >
      <h2 id="manager-title" className="text-lg font-semibold">
        {t.manager}
      </h2>
      <div className="mt-4 flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/25 dark:text-foreground">
          <UserRound className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-semibold" data-testid="manager-name">
            {manager.name}
          </p>
          <p className="text-sm text-muted-foreground tabular-nums" data-testid="manager-phone">
            {manager.phone}
          </p>
        </div>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">{t.managerIntro}</p>
      {links ? (
        <Dialog.Root>
          <Dialog.Trigger className="mt-4 inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-primary px-5 text-sm font-semibold text-primary-foreground shadow-sm outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <Phone className="size-4" aria-hidden /> {t.contact}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-lg outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95">
              <div className="pr-8">
                <Dialog.Title className="text-lg font-semibold">{t.contactTitle(manager.name)}</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-muted-foreground">{t.contactText}</Dialog.Description>
              </div>
              <div className="grid gap-2">
                <a href={links.tel} className={actionClass}>
                  <Phone aria-hidden /> {t.call}
                  <span className="ml-auto text-muted-foreground tabular-nums">{manager.phone}</span>
                </a>
                <a href={links.sms} className={actionClass}>
                  <MessageSquare aria-hidden /> {t.sms}
                </a>
                <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={actionClass}>
                  <MessageCircle aria-hidden /> {t.whatsapp}
                </a>
              </div>
              <Dialog.Close
                className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                aria-label={t.close}
              >
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </section>
  );
}
