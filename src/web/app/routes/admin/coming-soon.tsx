import { Construction } from 'lucide-react';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';

/** A screen still to be built: its title now, its content when that work lands. */
export function ComingSoon({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-16 text-center text-muted-foreground">
          <Construction className="size-8" aria-hidden />
          <p>This screen is being built.</p>
        </CardContent>
      </Card>
    </>
  );
}
