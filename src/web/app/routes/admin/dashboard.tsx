import { ComingSoon } from './coming-soon.tsx';

// Filled by the leads workspace (issue 5).
export const DashboardScreen = () => <ComingSoon title="Dashboard" subtitle="Welcome back, track your leads and imports" />;
