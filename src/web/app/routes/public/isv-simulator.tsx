import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { PublicFooter } from '#web/components/layouts/public-footer.tsx';
import { ExtensionDownloadButton, PublicHeader, PublicHeaderLink } from '#web/components/layouts/public-header.tsx';
import { PublicThemeToggle } from '#web/components/layouts/public-theme-toggle.tsx';
import { publicContainer } from '#web/components/layouts/public-styles.ts';
import { usePublicSettings } from '#web/features/public-site/api/get-public-settings.ts';
import type { IsvSimulatorProps } from '#web/features/isv-simulator/components/isv-simulator.tsx';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import { QUOTE_FORM } from '#shared/schemas/contact-form-rules.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { ISV_SIMULATOR_DESCRIPTION, isvSimulatorTitle } from '../../public-meta.ts';
import { FOOTER_LINKS } from './landing.tsx';

// The calculator (form, engine, zod schemas) is its own chunk, loaded by the browser only on this
// page. Server-rendered, the page shows the calculator from the HTML before any script runs; the
// chunk then hydrates it (React keeps the server's HTML inside the Suspense boundary until then).
const LazyCalculator = lazy(async () => ({
  default: (await import('#web/features/isv-simulator/components/isv-simulator.tsx')).IsvSimulator,
}));
/** Keeps the footer below the fold until the calculator arrives (drawn in the browser alone), so nothing shifts. */
const placeholder = <div className="min-h-svh" aria-busy="true" />;

export interface IsvSimulatorScreenProps {
  settings: PublicSettings | null;
  /** The address's query: a shared simulation's inputs. */
  search: string;
  currentYear: number;
  /** Today in Lisbon (YYYY-MM-DD) as the server rendered it; the browser's own when absent. */
  today?: string;
  /** The server passes the calculator itself (it renders synchronously); the browser loads it. */
  Calculator?: ComponentType<IsvSimulatorProps>;
}

/** /simulador-isv: the public ISV simulator (ADR 010), a server-rendered public page. */
export function IsvSimulatorScreen({
  settings: initialSettings,
  search,
  currentYear,
  today,
  Calculator = LazyCalculator,
}: IsvSimulatorScreenProps) {
  const settings = usePublicSettings(initialSettings);
  const companyName = settings?.company.name ?? '';
  useDocumentMeta(companyName ? isvSimulatorTitle(companyName) : null, ISV_SIMULATOR_DESCRIPTION);
  return (
    <div lang="pt-PT" className="flex min-h-svh flex-col bg-background text-foreground">
      <PublicHeader
        companyName={companyName}
        logoUrl={settings?.company.logoUrl || undefined}
        nav={
          <>
            <PublicHeaderLink href={`/#${QUOTE_FORM.anchorId}`}>Pedir orçamento</PublicHeaderLink>
            <PublicHeaderLink href="/faq">Perguntas frequentes</PublicHeaderLink>
          </>
        }
        actions={
          <>
            <ExtensionDownloadButton />
            <PublicThemeToggle />
          </>
        }
      />
      <main className="flex-1">
        <div className={`${publicContainer} py-8 sm:py-10`}>
          <div className="mb-6 max-w-3xl sm:mb-8">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Simulador de ISV</h1>
            <p className="mt-3 text-base leading-relaxed text-muted-foreground sm:text-lg">
              Saiba quanto paga de Imposto sobre Veículos (ISV) e de IVA ao legalizar em Portugal um carro importado. O
              resultado atualiza enquanto escreve e explica cada linha, como na liquidação da alfândega.
            </p>
          </div>
          <Suspense fallback={placeholder}>
            <Calculator search={search} today={today ?? todayInLisbon()} />
          </Suspense>
        </div>
      </main>
      <PublicFooter
        companyName={companyName}
        phone={settings?.company.phone}
        email={settings?.company.email}
        year={currentYear}
        links={FOOTER_LINKS}
      />
    </div>
  );
}

/**
 * Title and description while the screen is shown, restored after. The server already wrote them
 * into the page; this matters when the screen is drawn in the browser alone (the app's router).
 */
function useDocumentMeta(title: string | null, description: string) {
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previousDescription = meta.content;
    meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
