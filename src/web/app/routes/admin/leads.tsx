import { ComingSoon } from './coming-soon.tsx';

// Filled by the leads workspace (issue 5).
export const LeadsScreen = () => <ComingSoon title="Leads" subtitle="Manage customer inquiries and quotes" />;
