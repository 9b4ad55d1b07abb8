import { useEffect } from 'react';
import Languages from 'lucide-react/icons/languages';
import { PublicFooter } from '#web/components/layouts/public-footer.tsx';
import { PublicHeader } from '#web/components/layouts/public-header.tsx';
import { PublicThemeToggle } from '#web/components/layouts/public-theme-toggle.tsx';
import { publicContainer } from '#web/components/layouts/public-styles.ts';
import { usePublicSettings } from '#web/features/public-site/api/get-public-settings.ts';
import { ProposalView } from '#web/features/proposal-page/components/proposal-view.tsx';
import { PROPOSAL_TEXTS } from '#web/features/proposal-page/lib/i18n.ts';
import type { PublicProposalResponse } from '#shared/schemas/public-proposal.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import { proposalPath, type ProposalLang } from '../../public-routes.ts';

export interface ProposalScreenProps {
  lang: ProposalLang;
  publicId: string;
  /** From the server's HTML; undefined: the page loads it. */
  proposal: PublicProposalResponse | null | undefined;
  settings: PublicSettings | null;
  currentYear: number;
}

/** /proposta/{publicId} (Portuguese) and /proposals/{publicId} (English), each linking to the other. */
export function ProposalScreen({
  lang,
  publicId,
  proposal,
  settings: initialSettings,
  currentYear,
}: ProposalScreenProps) {
  const t = PROPOSAL_TEXTS[lang];
  const settings = usePublicSettings(initialSettings);
  const other: ProposalLang = lang === 'pt' ? 'en' : 'pt';
  useEffect(() => {
    document.documentElement.lang = t.htmlLang;
  }, [t.htmlLang]);
  const companyName = settings?.company.name ?? '';
  return (
    <div className="flex min-h-svh flex-col bg-background" lang={t.htmlLang}>
      <PublicHeader
        companyName={companyName}
        logoUrl={settings?.company.logoUrl || undefined}
        actions={
          <>
            <a
              href={proposalPath(other, publicId)}
              hrefLang={PROPOSAL_TEXTS[other].htmlLang}
              className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium hover:bg-accent outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Languages className="size-4" aria-hidden />
              <span className="sr-only">{t.otherLanguageLabel}: </span>
              <span className="sm:hidden">{other.toUpperCase()}</span>
              <span className="hidden sm:inline">{t.otherLanguage}</span>
            </a>
            <PublicThemeToggle label={t.theme} />
          </>
        }
      />
      <main className={`${publicContainer} flex-1 py-8 sm:py-10`}>
        <ProposalView publicId={publicId} lang={lang} initial={proposal} settings={settings} />
      </main>
      <PublicFooter
        companyName={companyName}
        phone={settings?.company.phone}
        email={settings?.company.email}
        year={currentYear}
        rights={t.footer.rights}
        labels={t.footer}
      />
    </div>
  );
}

/**
 * /legacy/proposals/{publicId} (ADR 009): to the same proposal on the older site when the
 * LEGACY_SITE_URL setting names one ('Redirecionando para a proposta...' meanwhile), else this
 * site's proposal, in Portuguese like the links the older site sent.
 */
export function LegacyProposalScreen(
  props: Omit<ProposalScreenProps, 'lang'> & { legacyTarget: string | null | undefined },
) {
  const { legacyTarget, ...rest } = props;
  useEffect(() => {
    if (legacyTarget) window.location.replace(legacyTarget);
  }, [legacyTarget]);
  if (!legacyTarget) return <ProposalScreen {...rest} lang="pt" />;
  return (
    <main
      className="flex min-h-svh items-center justify-center bg-background p-6 text-center"
      data-slot="legacy-redirect"
    >
      <p className="text-lg text-muted-foreground" role="status">
        {PROPOSAL_TEXTS.pt.redirecting}
      </p>
    </main>
  );
}
