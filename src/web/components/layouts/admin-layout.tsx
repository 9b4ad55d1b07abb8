import { Outlet } from 'react-router';
import { Loader2, Moon, Sun } from 'lucide-react';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { useUser } from '#web/features/auth/api/get-user.ts';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { useRealtime } from '#web/lib/realtime.ts';
import { useTheme } from '#web/lib/theme.tsx';
import { OfflineBanner } from '../offline-banner.tsx';
import { Button } from '../ui/button.tsx';
import { Separator } from '../ui/separator.tsx';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '../ui/sidebar.tsx';
import { RestoringOverlay } from '../restoring-overlay.tsx';
import { AdminSidebar } from './admin-sidebar.tsx';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
      title={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
    >
      {theme === 'dark' ? <Sun /> : <Moon />}
    </Button>
  );
}

/** Every /admin screen: the login form when signed out, else the shell around the screen. */
export function AdminLayout() {
  const { data: user, isLoading } = useUser();
  useRealtime(!!user);

  if (isLoading) {
    return (
      <div className="flex min-h-svh items-center justify-center" lang="en">
        <Loader2 className="size-6 animate-spin text-muted-foreground" aria-label="Loading" />
      </div>
    );
  }
  if (!user) return <LoginForm />;

  return (
    <SidebarProvider lang="en">
      <AdminSidebar user={user} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
          <SidebarTrigger />
          <Separator orientation="vertical" className="mr-1 h-5" />
          <div className="flex-1" />
          <ThemeToggle />
          <NotificationBell />
        </header>
        <OfflineBanner />
        <div className="flex-1 p-4 md:p-6">
          <Outlet context={{ user }} />
        </div>
        <RestoringOverlay />
      </SidebarInset>
    </SidebarProvider>
  );
}
