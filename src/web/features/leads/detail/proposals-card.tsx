import { FileText } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

/** The lead's proposals; the proposals issue fills the list and its add button. */
export function ProposalsCard() {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Proposals
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
        <FileText className="size-6" aria-hidden />
        <p>No proposals yet</p>
      </CardContent>
    </Card>
  );
}
