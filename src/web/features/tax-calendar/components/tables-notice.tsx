import { CalendarClock } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
import { useTablesNotice } from '../api/get-tables-notice.ts';

/** Admins, from 1 December until next year's tax tables are in the app (docs/tax-rules.md). */
export function TablesNotice() {
  const { data } = useTablesNotice();
  if (!data?.notice) return null;
  return (
    <Alert className="mb-4 border-amber-500/40 bg-amber-500/10" data-testid="tables-notice">
      <CalendarClock aria-hidden />
      <AlertTitle>Next year's tax tables</AlertTitle>
      <AlertDescription>{data.notice}</AlertDescription>
    </Alert>
  );
}
