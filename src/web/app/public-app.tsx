import { PublicToaster } from '#web/features/public-site/components/public-toaster.tsx';
import { useEffect } from 'react';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { publicPageMeta } from './public-meta.ts';
import type { PublicPageData } from './public-page-data.ts';
import type { PublicRoute } from './public-routes.ts';
import { IsvSimulatorScreen } from './routes/public/isv-simulator.tsx';
import { LandingScreen } from './routes/public/landing.tsx';
import type { ComponentType } from 'react';
import type { IsvSimulatorProps } from '#web/features/isv-simulator/components/isv-simulator.tsx';
import type { LegacyProposalScreen, ProposalScreenProps } from './routes/public/proposal.tsx';

/** The proposal screens: loaded with the page that needs them, so / does not carry them. */
export interface ProposalScreens {
  ProposalScreen: ComponentType<ProposalScreenProps>;
  LegacyProposalScreen: ComponentType<Parameters<typeof LegacyProposalScreen>[0]>;
}

export interface PublicAppProps {
  route: PublicRoute;
  /** What the server rendered with; null when the page is drawn in the browser alone. */
  data: PublicPageData | null;
  search: string;
  screens?: ProposalScreens;
  /** The ISV simulator's calculator, for the server (it cannot wait for a lazy chunk); the browser loads it itself. */
  isvCalculator?: ComponentType<IsvSimulatorProps>;
  /** The back office's provider has its own toaster; a public page alone needs this one. */
  withToaster?: boolean;
  countFromPageLoad?: boolean;
}

/** One public page. Rendered to HTML by the server and hydrated by main.tsx with the same props. */
export function PublicApp({
  route,
  data,
  search,
  screens,
  isvCalculator,
  withToaster = true,
  countFromPageLoad = true,
}: PublicAppProps) {
  const settings = data?.settings ?? null;
  const currentYear = data?.currentYear ?? new Date().getFullYear();
  // Drawn in the browser alone (in-app navigation): the server's title is not there to keep.
  const clientTitle =
    !data && route.kind === 'landing' ? publicPageMeta(route, settings?.company.name ?? 'AutoImport').title : null;
  useEffect(() => {
    if (clientTitle) document.title = clientTitle;
  }, [clientTitle]);
  let page = null;
  if (route.kind === 'landing') {
    page = (
      <LandingScreen
        variant={route.variant}
        settings={settings}
        search={search}
        currentYear={currentYear}
        countFromPageLoad={countFromPageLoad}
      />
    );
  } else if (route.kind === 'isv-simulator') {
    page = (
      <IsvSimulatorScreen
        settings={settings}
        search={search}
        currentYear={currentYear}
        today={data?.today}
        Calculator={isvCalculator}
      />
    );
  } else if (screens && route.kind === 'proposal') {
    page = (
      <screens.ProposalScreen
        lang={route.lang}
        publicId={route.publicId}
        proposal={data ? data.proposal : undefined}
        settings={settings}
        currentYear={currentYear}
      />
    );
  } else if (screens) {
    page = (
      <screens.LegacyProposalScreen
        publicId={route.publicId}
        proposal={data ? data.proposal : undefined}
        settings={settings}
        currentYear={currentYear}
        legacyTarget={data?.legacyTarget}
      />
    );
  }
  return (
    <ThemeProvider>
      {page}
      {withToaster ? (
        <PublicToaster closeLabel={route.kind === 'proposal' && route.lang === 'en' ? 'Close' : 'Fechar'} />
      ) : null}
    </ThemeProvider>
  );
}
