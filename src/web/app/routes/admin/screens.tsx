import { AccessDenied } from './access-denied.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { useCurrentUser } from './use-admin-context.ts';

// Screens the later issues fill; each shows its title until then.
export const EmailTemplatesScreen = () => <ComingSoon title="Email Templates" />;

export function DbBackupsScreen() {
  const user = useCurrentUser();
  if (user.role !== 'admin')
    return <AccessDenied text="You don't have permission to access database backups. Admin access required." />;
  return <ComingSoon title="DB Backups" />;
}
