import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import { Button } from '#web/components/ui/button.tsx';
import { euros } from '../format-overview.ts';
import { FigureCard } from './figure-card.tsx';

/** The money-owed totals (right now, whatever the period), each opening its list on the money screen. */
export function OwedCard({ owed }: { owed: DashboardOverview['owed'] }) {
  const items = [
    {
      label: 'Invoiced, not paid',
      value: owed.invoicedUnpaid,
      to: '/admin/money#invoiced-unpaid',
      tone: 'text-red-600 dark:text-red-400',
    },
    {
      label: 'Delivered, not invoiced',
      value: owed.notInvoiced,
      to: '/admin/money#not-invoiced',
      tone: 'text-amber-700 dark:text-amber-400',
    },
    { label: 'We owe suppliers', value: owed.suppliersUnpaid, to: '/admin/money#suppliers-unpaid', tone: '' },
  ];
  return (
    <FigureCard
      title="Money owed"
      explain="Right now, whatever the period: services invoiced and unpaid, services of delivered cars not invoiced yet, and supplier costs we have not paid."
      action={
        <Button variant="ghost" size="sm" className="-my-1" asChild>
          <Link to="/admin/money">
            Details <ArrowRight />
          </Link>
        </Button>
      }
    >
      <ul className="grid gap-2 sm:grid-cols-3" aria-label="Money owed">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              className="flex h-full flex-col gap-1 rounded-lg border p-3 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="text-xs text-muted-foreground">{item.label}</span>
              <span className={`text-xl font-bold tabular-nums ${item.tone}`}>{euros(item.value)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </FigureCard>
  );
}
