import type { Lead } from '#shared/schemas/leads.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatEuro } from '#web/lib/money.ts';

/** Requested budget and quoted amount in euros; rendered only when one is present. */
export function QuoteCard({ lead }: { lead: Lead }) {
  const requested = formatEuro(lead.requestedBudget);
  const quoted = formatEuro(lead.quotedAmount);
  if (!requested && !quoted) return null;
  return (
    <Card className="gap-4" data-testid="quote-card">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Quote
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Requested budget</dt>
            <dd className="text-lg font-semibold">{requested ?? '-'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Quoted amount</dt>
            <dd className="text-lg font-semibold">{quoted ?? '-'}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
