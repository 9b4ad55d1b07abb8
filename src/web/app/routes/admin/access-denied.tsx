import { useEffect } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { toast } from '#web/hooks/use-toast.ts';

/** What role user sees on an admin-only screen: the 'Access Denied' card and toast. */
export function AccessDenied({ text }: { text: string }) {
  useEffect(() => {
    toast({ title: 'Access Denied', description: text, variant: 'destructive' });
  }, [text]);
  return (
    <Card className="mx-auto mt-10 max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <ShieldAlert className="size-10 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">Access Denied</h1>
        <p className="text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  );
}
