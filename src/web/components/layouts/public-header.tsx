import type { ReactNode } from 'react';
import CarFront from 'lucide-react/icons/car-front';
import { publicContainer } from './public-styles.ts';

export interface PublicHeaderProps {
  companyName: string;
  logoUrl?: string;
  /** Links in the middle (the landing page's sections), hidden on phones. */
  nav?: ReactNode;
  /** Buttons on the right: the tax-calculator extension's download arrives here, then language and theme. */
  actions?: ReactNode;
}

export function PublicHeader({ companyName, logoUrl, nav, actions }: PublicHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className={`${publicContainer} flex h-16 items-center gap-4`}>
        <a
          href="/"
          className="flex min-w-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {logoUrl ? (
            <img src={logoUrl} alt={companyName} className="h-8 w-auto" />
          ) : (
            <>
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <CarFront className="size-5" aria-hidden />
              </span>
              <span className="truncate">{companyName}</span>
            </>
          )}
        </a>
        {nav ? (
          <nav aria-label="Secções" className="ml-4 hidden items-center gap-1 text-sm font-medium md:flex">
            {nav}
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-1" data-slot="public-header-actions">
          {actions}
        </div>
      </div>
    </header>
  );
}

export function PublicHeaderLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="rounded-md px-3 py-2 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
    </a>
  );
}
