import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SecurityAuditCard } from '#web/features/users/components/security-audit-card.tsx';
import { UserFormDialog } from '#web/features/users/components/user-form-dialog.tsx';
import { UsersCard } from '#web/features/users/components/users-card.tsx';
import { AccessDenied } from './access-denied.tsx';
import { useCurrentUser } from './use-admin-context.ts';

export const USERS_ACCESS_DENIED = "You don't have permission to access user management. Admin access required.";

/** /admin/users (admins): the team, Add User, and the security audit log. Role user sees Access Denied and requests nothing. */
export function UsersScreen() {
  const user = useCurrentUser();
  const [adding, setAdding] = useState(false);
  if (user.role !== 'admin') return <AccessDenied text={USERS_ACCESS_DENIED} />;
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Manage staff accounts and roles"
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden />
            Add User
          </Button>
        }
      />
      <div className="grid gap-6">
        <UsersCard currentUserId={user.id} />
        <SecurityAuditCard />
      </div>
      <UserFormDialog currentUserId={user.id} open={adding} onOpenChange={setAdding} />
    </>
  );
}
