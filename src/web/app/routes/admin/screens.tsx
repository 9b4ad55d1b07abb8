import { useParams } from 'react-router';
import { AccessDenied } from './access-denied.tsx';
import { ComingSoon } from './coming-soon.tsx';
import { useCurrentUser } from './use-admin-context.ts';

// Screens the later issues fill; each shows its title until then.
export const ImportsScreen = () => <ComingSoon title="Imports" />;
export const ImportDetailScreen = () => <ComingSoon title={`Import #${useParams().id ?? ''}`} />;
export const SuppliersScreen = () => <ComingSoon title="Suppliers" />;
export const EmailTemplatesScreen = () => <ComingSoon title="Email Templates" />;

export function UsersScreen() {
  const user = useCurrentUser();
  if (user.role !== 'admin')
    return <AccessDenied text="You don't have permission to access user management. Admin access required." />;
  return <ComingSoon title="Users" />;
}
