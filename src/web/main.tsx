// First: zod must not probe `new Function` under the CSP (see the module).
import '#web/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '#web/styles/index.css';
import { PublicApp, type ProposalScreens } from '#web/app/public-app.tsx';
import { readPageData } from '#web/app/public-page-data.ts';
import { matchPublicRoute, type PublicRoute } from '#web/app/public-routes.ts';
import { TRACKING_PATH_PREFIX } from '#shared/imports/tracking.ts';

// Two ways in. The public pages (/, contact, FAQ, proposals) and the ISV simulator are plain
// pages: the server sends their HTML and this hydrates it, without the client router or the back
// office's providers. Everything else (/admin, unknown paths) goes through router.tsx, loaded on
// demand. docs/decisions/009-public-site.md says why.
const container = document.getElementById('root')!;
const route = matchPublicRoute(window.location.pathname);
if (route) void startPublicPage(route);
else void startApp();

async function startPublicPage(route: PublicRoute) {
  const data = readPageData();
  const proposalPage = route.kind === 'proposal' || route.kind === 'legacy-proposal';
  const screens: ProposalScreens | undefined = proposalPage
    ? await import('#web/app/routes/public/proposal.tsx')
    : undefined;
  const page = (
    <StrictMode>
      <PublicApp route={route} data={data} search={window.location.search} screens={screens} />
    </StrictMode>
  );
  if (data && container.firstElementChild) hydrateRoot(container, page);
  else createRoot(container).render(page);
}

async function startApp() {
  const [{ AppProvider }, { AppRouter }, { registerServiceWorker }] = await Promise.all([
    import('#web/app/provider.tsx'),
    import('#web/app/router.tsx'),
    import('#web/lib/service-worker.ts'),
  ]);
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
  // Only the back office installs as an app; customers' pages (the tracking page) stay plain pages (decision 009).
  if (!window.location.pathname.startsWith(`${TRACKING_PATH_PREFIX}/`)) registerServiceWorker();
}
