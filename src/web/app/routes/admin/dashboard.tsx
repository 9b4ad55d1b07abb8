import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { DashboardView } from '#web/features/dashboard/components/dashboard-view.tsx';

/** /admin: the dashboard. */
export function DashboardScreen() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Welcome back, track your leads and imports" />
      <DashboardView />
    </>
  );
}
