import { useParams } from 'react-router';
import { AccessDenied } from './access-denied.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { useCurrentUser } from './use-admin-context.ts';

export { EmailTemplatesScreen } from './email-templates.tsx';

// Screens the later issues fill; each shows its title until then.
export const ImportsScreen = () => <ComingSoon title="Imports" />;
export const ImportDetailScreen = () => <ComingSoon title={`Import #${useParams().id ?? ''}`} />;
export const SuppliersScreen = () => <ComingSoon title="Suppliers" />;

export function UsersScreen() {
  const user = useCurrentUser();
  if (user.role !== 'admin')
    return <AccessDenied text="You don't have permission to access user management. Admin access required." />;
  return <ComingSoon title="Users" />;
}

export function DbBackupsScreen() {
  const user = useCurrentUser();
  if (user.role !== 'admin')
    return <AccessDenied text="You don't have permission to access database backups. Admin access required." />;
  return <ComingSoon title="DB Backups" />;
}
