import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { SignaturesCard } from '#web/features/email/components/signatures-card.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useTheme } from '#web/lib/theme.tsx';
import { MailboxesCard } from '#web/features/mailboxes/components/mailboxes-card.tsx';
import { useCurrentUser } from './use-admin-context.ts';

export function SettingsScreen() {
  const { theme, setTheme } = useTheme();
  return (
    <>
      <PageHeader title="Settings" subtitle="Appearance, company details and mailboxes" />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Appearance</CardTitle>
          <CardDescription>Saved in this browser.</CardDescription>
        </CardHeader>
        <CardContent className="flex items-center justify-between gap-4">
          <Label htmlFor="dark-mode">Dark mode</Label>
          <Switch id="dark-mode" checked={theme === 'dark'} onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')} />
        </CardContent>
      </Card>
      {useCurrentUser().role === 'admin' && <MailboxesCard />}
      <SignaturesCard />
    </>
  );
}
