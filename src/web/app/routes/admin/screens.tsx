import { ComingSoon } from './coming-soon.tsx';

// Screens the later issues fill; each shows its title until then.
export const EmailTemplatesScreen = () => <ComingSoon title="Email Templates" />;
