import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { TRACKING_PATH_PREFIX } from '#shared/imports/tracking.ts';
import { PublicApp } from './public-app.tsx';
import {
  ISV_SIMULATOR_PATH,
  LANDING_PATHS,
  LEGACY_PROPOSAL_PREFIX,
  matchPublicRoute,
  PROPOSAL_PREFIX,
} from './public-routes.ts';

// Staff screens load on demand, so the public pages never download the back office.
const admin = (name: string) => async () => {
  const screens = await import('./routes/admin/screens.tsx');
  return { Component: screens[name as keyof typeof screens] };
};

/** Drawn while the back office's lazy layout loads on a page load (React Router asks for one). */
function AdminHydrateFallback() {
  return <div className="min-h-svh bg-background" aria-busy="true" data-testid="admin-loading" />;
}

const LazyProposalScreen = lazy(() =>
  import('./routes/public/proposal.tsx').then((m) => ({ default: m.ProposalScreen })),
);
const LazyLegacyProposalScreen = lazy(() =>
  import('./routes/public/proposal.tsx').then((m) => ({ default: m.LegacyProposalScreen })),
);

/**
 * A public page reached inside the app (an unknown path redirected to /, a link from the ISV
 * simulator): the same screens main.tsx renders for a page load, drawn here without server data.
 */
function PublicRouteScreen() {
  const location = useLocation();
  const route = matchPublicRoute(location.pathname);
  if (!route) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={null}>
      <PublicApp
        key={location.pathname}
        route={route}
        data={null}
        search={location.search}
        screens={{ ProposalScreen: LazyProposalScreen, LegacyProposalScreen: LazyLegacyProposalScreen }}
        withToaster={false}
        countFromPageLoad={false}
      />
    </Suspense>
  );
}

const publicRoutes: RouteObject[] = [
  ...Object.keys(LANDING_PATHS).map((path) => ({ path, Component: PublicRouteScreen })),
  { path: `${PROPOSAL_PREFIX.pt}/:publicId`, Component: PublicRouteScreen },
  { path: `${PROPOSAL_PREFIX.en}/:publicId`, Component: PublicRouteScreen },
  { path: `${LEGACY_PROPOSAL_PREFIX}/:publicId`, Component: PublicRouteScreen },
  { path: ISV_SIMULATOR_PATH, Component: PublicRouteScreen },
];

export const router = createBrowserRouter([
  ...publicRoutes,
  // The customer's tracking page: drawn in the browser from the public API (the server sends its head).
  {
    path: `${TRACKING_PATH_PREFIX}/:publicId`,
    HydrateFallback: () => <div className="min-h-svh bg-background" aria-busy="true" />,
    lazy: async () => ({ Component: (await import('./routes/public/tracking.tsx')).TrackingScreen }),
  },
  {
    path: '/admin',
    HydrateFallback: AdminHydrateFallback,
    lazy: async () => ({ Component: (await import('#web/components/layouts/admin-layout.tsx')).AdminLayout }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/admin/dashboard.tsx')).DashboardScreen }),
      },
      { path: 'leads', lazy: async () => ({ Component: (await import('./routes/admin/leads.tsx')).LeadsScreen }) },
      { path: 'inbox', lazy: async () => ({ Component: (await import('./routes/admin/inbox.tsx')).InboxScreen }) },
      { path: 'today', lazy: async () => ({ Component: (await import('./routes/admin/today.tsx')).TodayScreen }) },
      {
        path: 'leads/:id',
        lazy: async () => ({ Component: (await import('./routes/admin/lead-detail.tsx')).LeadDetailScreen }),
      },
      {
        path: 'imports',
        lazy: async () => ({ Component: (await import('./routes/admin/imports.tsx')).ImportsScreen }),
      },
      {
        path: 'imports/:id',
        lazy: async () => ({ Component: (await import('./routes/admin/import-detail.tsx')).ImportDetailScreen }),
      },
      { path: 'money', lazy: async () => ({ Component: (await import('./routes/admin/money.tsx')).MoneyScreen }) },
      {
        path: 'suppliers',
        lazy: async () => ({ Component: (await import('./routes/admin/suppliers.tsx')).SuppliersScreen }),
      },
      { path: 'users', lazy: async () => ({ Component: (await import('./routes/admin/users.tsx')).UsersScreen }) },
      {
        path: 'db-backups',
        lazy: async () => ({ Component: (await import('./routes/admin/db-backups.tsx')).DbBackupsScreen }),
      },
      { path: 'email-templates', lazy: admin('EmailTemplatesScreen') },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('./routes/admin/settings.tsx')).SettingsScreen }),
      },
    ],
  },
  // Unknown admin paths redirect too, signed in or not (the layout would show the login form).
  { path: '/admin/*', Component: () => <Navigate to="/" replace /> },
  // Any path not in the route table redirects to /.
  { path: '*', Component: () => <Navigate to="/" replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
