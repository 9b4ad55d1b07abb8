import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { DashboardView } from '#web/features/dashboard/components/dashboard-view.tsx';

/** /admin (document 2 section 2). */
export function DashboardScreen() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Welcome back, track your leads and imports" />
      <DashboardView />
    </>
  );
}
