import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { LandingScreen } from './routes/public/landing.tsx';

// Staff screens load on demand, so the public pages never download the back office.
const admin = (name: string) => async () => {
  const screens = await import('./routes/admin/screens.tsx');
  return { Component: screens[name as keyof typeof screens] };
};

export const router = createBrowserRouter([
  { path: '/', Component: LandingScreen },
  {
    path: '/admin',
    lazy: async () => ({ Component: (await import('../components/layouts/admin-layout.tsx')).AdminLayout }),
    children: [
      { index: true, lazy: admin('DashboardScreen') },
      { path: 'leads', lazy: admin('LeadsScreen') },
      { path: 'leads/:id', lazy: admin('LeadDetailScreen') },
      { path: 'imports', lazy: admin('ImportsScreen') },
      { path: 'imports/:id', lazy: admin('ImportDetailScreen') },
      { path: 'suppliers', lazy: admin('SuppliersScreen') },
      { path: 'users', lazy: admin('UsersScreen') },
      { path: 'db-backups', lazy: admin('DbBackupsScreen') },
      { path: 'email-templates', lazy: admin('EmailTemplatesScreen') },
      { path: 'settings', lazy: async () => ({ Component: (await import('./routes/admin/settings.tsx')).SettingsScreen }) },
    ],
  },
  // Unknown admin paths redirect too, signed in or not (the layout would show the login form).
  { path: '/admin/*', Component: () => <Navigate to="/" replace /> },
  // Any path not in the route table redirects to / (document 1 section 2).
  { path: '*', Component: () => <Navigate to="/" replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
