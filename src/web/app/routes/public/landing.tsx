import { useEffect } from 'react';
import { PublicFooter } from '#web/components/layouts/public-footer.tsx';
import { ExtensionDownloadButton, PublicHeader, PublicHeaderLink } from '#web/components/layouts/public-header.tsx';
import { PublicThemeToggle } from '#web/components/layouts/public-theme-toggle.tsx';
import { publicButton } from '#web/components/layouts/public-styles.ts';
import { usePublicSettings } from '#web/features/public-site/api/get-public-settings.ts';
import { Faq, faqItems } from '#web/features/public-site/components/faq.tsx';
import { Hero } from '#web/features/public-site/components/hero.tsx';
import { Highlights } from '#web/features/public-site/components/highlights.tsx';
import { ProcessSteps } from '#web/features/public-site/components/process-steps.tsx';
import { preloadToasts } from '#web/features/public-site/components/public-toaster.tsx';
import { WhyUs } from '#web/features/public-site/components/why-us.tsx';
import { scrollToAnchor } from '#web/features/public-site/lib/scroll.ts';
import { QuoteFormSection } from '#web/features/quote-form/components/quote-form-section.tsx';
import { prefillFromSearch } from '#web/features/quote-form/lib/form-values.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import { QUOTE_FORM } from '#shared/schemas/contact-form-rules.ts';
import { ISV_SIMULATOR_PATH, type LandingVariant } from '../../public-routes.ts';

export interface LandingScreenProps {
  variant: LandingVariant;
  settings: PublicSettings | null;
  /** The address's query (quote form prefill). */
  search: string;
  currentYear: number;
  /** false when reached by in-app navigation (see QuoteForm). */
  countFromPageLoad?: boolean;
}

export const FOOTER_LINKS = [
  { href: `/#${QUOTE_FORM.anchorId}`, label: 'Pedir orçamento' },
  { href: ISV_SIMULATOR_PATH, label: 'Simulador de ISV' },
  { href: '/faq', label: 'Perguntas frequentes' },
  { href: '/contacto', label: 'Contactos' },
];

/**
 * The landing page, its sections in a fixed order, and its reduced forms: /contacto and friends
 * (header, form, footer) and /faq (the FAQ alone).
 */
export function LandingScreen({
  variant,
  settings: initialSettings,
  search,
  currentYear,
  countFromPageLoad = true,
}: LandingScreenProps) {
  const settings = usePublicSettings(initialSettings);
  // Without server data the name appears once the settings arrive (the page never waits for them).
  const companyName = settings?.company.name ?? '';
  useScrollToHashOnMount();
  const faq = faqItems(ISV_SIMULATOR_PATH);

  if (variant === 'faq') {
    return (
      <main className="min-h-svh bg-background">
        <Faq items={faq} headingLevel={1} />
      </main>
    );
  }

  const form = (
    <QuoteFormSection
      initialValues={prefillFromSearch(search)}
      currentYear={currentYear}
      onSubmitStart={preloadToasts}
      countFromPageLoad={countFromPageLoad}
      headingLevel={variant === 'contact' ? 1 : 2}
    />
  );
  const header = (
    <PublicHeader
      companyName={companyName}
      logoUrl={settings?.company.logoUrl || undefined}
      nav={
        variant === 'full' ? (
          <>
            <PublicHeaderLink href="#como-funciona">Como funciona</PublicHeaderLink>
            <PublicHeaderLink href={ISV_SIMULATOR_PATH}>Simulador de ISV</PublicHeaderLink>
            <PublicHeaderLink href="#faq">Perguntas frequentes</PublicHeaderLink>
          </>
        ) : undefined
      }
      menuExtra={
        variant === 'full' ? (
          <PublicHeaderLink href={`#${QUOTE_FORM.anchorId}`}>Pedir orçamento</PublicHeaderLink>
        ) : undefined
      }
      actions={
        <>
          <ExtensionDownloadButton />
          {variant === 'full' ? (
            <a
              href={`#${QUOTE_FORM.anchorId}`}
              onClick={(e) => scrollToAnchor(e, QUOTE_FORM.anchorId)}
              className={publicButton.headerPrimary}
            >
              Pedir Orçamento
            </a>
          ) : null}
          <PublicThemeToggle />
        </>
      }
    />
  );
  const footer = (
    <PublicFooter
      companyName={companyName}
      phone={settings?.company.phone}
      email={settings?.company.email}
      year={currentYear}
      links={FOOTER_LINKS}
    />
  );

  if (variant === 'contact') {
    return (
      <div className="flex min-h-svh flex-col bg-background">
        {header}
        <main className="flex-1">{form}</main>
        {footer}
      </div>
    );
  }
  return (
    <div className="flex min-h-svh flex-col bg-background">
      {header}
      <main className="flex-1">
        <Hero formAnchor={QUOTE_FORM.anchorId} simulatorHref={ISV_SIMULATOR_PATH} />
        <Highlights />
        <ProcessSteps id="como-funciona" />
        {form}
        <WhyUs />
        <Faq items={faq} />
      </main>
      {footer}
    </div>
  );
}

/** A page drawn in the browser (no server HTML) lands on its #section once drawn, as a plain page would. */
function useScrollToHashOnMount() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target && Math.abs(target.getBoundingClientRect().top) > 80) target.scrollIntoView({ block: 'start' });
  }, []);
}
