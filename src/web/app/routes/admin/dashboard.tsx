import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { DashboardView } from '#web/features/dashboard/components/dashboard-view.tsx';
import { TablesNotice } from '#web/features/tax-calendar/components/tables-notice.tsx';
import { useOutletContext } from 'react-router';
import type { User } from '#shared/schemas/users.ts';

/** /admin: the dashboard. */
export function DashboardScreen() {
  // Rendered without the admin layout in some tests: no user means no notice.
  const isAdmin = useOutletContext<{ user: User } | null>()?.user.role === 'admin';
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Welcome back, track your leads and imports" />
      {isAdmin && <TablesNotice />}
      <DashboardView />
    </>
  );
}
