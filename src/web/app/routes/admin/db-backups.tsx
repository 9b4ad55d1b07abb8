import { useState } from 'react';
import type { Backup } from '#shared/schemas/backups.ts';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { BackupActions, BackupsPanel } from '#web/features/backups/components/backups-panel.tsx';
import { AccessDenied } from './access-denied.tsx';
import { useCurrentUser } from './use-admin-context.ts';

/** /admin/db-backups (admin only): backups, restore, upload and the schedule (ADR 030). */
export function DbBackupsScreen() {
  const user = useCurrentUser();
  const [restoring, setRestoring] = useState<Backup | null>(null);
  if (user.role !== 'admin')
    return <AccessDenied text="You don't have permission to access database backups. Admin access required." />;
  return (
    <>
      <PageHeader
        title="DB Backups"
        subtitle="Back up the database and restore it"
        actions={<BackupActions onUploaded={setRestoring} />}
      />
      <BackupsPanel restoring={restoring} onRestoreChange={setRestoring} />
    </>
  );
}
