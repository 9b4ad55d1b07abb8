import { useParams } from 'react-router';
import { ComingSoon } from './coming-soon.tsx';

// Filled by the leads workspace (issue 5).
export const LeadDetailScreen = () => <ComingSoon title={`Lead #${useParams().id ?? ''}`} />;
