import { useEffect, useRef, type ReactNode } from 'react';
import CarFront from 'lucide-react/icons/car-front';
import DownloadIcon from 'lucide-react/icons/download';
import MenuIcon from 'lucide-react/icons/menu';
import { EXTENSION_INSTALL_PATH } from '#shared/extension.ts';
import { publicContainer } from './public-styles.ts';

export interface PublicHeaderProps {
  companyName: string;
  logoUrl?: string;
  /** Links in the middle (the landing page's sections); on phones they move into a menu. */
  nav?: ReactNode;
  /** Links only the phone menu carries, after the nav (the landing's quote button, a header button from tablets up). */
  menuExtra?: ReactNode;
  /** Buttons on the right: the tax-calculator extension's download arrives here, then language and theme. */
  actions?: ReactNode;
}

export function PublicHeader({ companyName, logoUrl, nav, menuExtra, actions }: PublicHeaderProps) {
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
          {nav ? (
            <PhoneMenu>
              {nav}
              {menuExtra}
            </PhoneMenu>
          ) : null}
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

/**
 * The header's links on a phone: a native disclosure (<details>), so it opens before the page has
 * hydrated and adds almost no JavaScript to the public bundle. A link, a tap outside or Escape
 * closes it.
 */
function PhoneMenu({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeOutside = (e: Event) => {
      const menu = ref.current;
      if (menu?.open && !menu.contains(e.target as Node)) menu.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);
  return (
    <details
      ref={ref}
      className="relative md:hidden"
      data-slot="public-menu"
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a') && ref.current) ref.current.open = false;
      }}
      onKeyDown={(e) => {
        const menu = ref.current;
        if (e.key !== 'Escape' || !menu?.open) return;
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }}
    >
      <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden [&_svg]:size-5">
        <MenuIcon aria-hidden />
        Menu
      </summary>
      <nav
        aria-label="Secções"
        className="absolute right-0 top-full z-50 mt-2 grid w-60 gap-0.5 rounded-lg border bg-popover p-1.5 text-sm font-medium text-popover-foreground shadow-lg [&>a]:block"
      >
        {children}
      </nav>
    </details>
  );
}

/**
 * The header's button for the tax-calculator browser extension (docs/rulings.md ruling 18): it
 * opens the install page, which starts the download of the built zip. Icon only on phones.
 */
export function ExtensionDownloadButton() {
  return (
    <a
      href={EXTENSION_INSTALL_PATH}
      // The name starts with the visible words (WCAG 2.5.3), so 'Extensão ISV' can be said to open it.
      aria-label="Extensão ISV: descarregar a extensão da calculadora de ISV"
      title="Descarregar a extensão da calculadora de ISV"
      data-testid="extension-button"
      className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
    >
      <DownloadIcon aria-hidden />
      <span className="hidden sm:inline">Extensão ISV</span>
    </a>
  );
}
