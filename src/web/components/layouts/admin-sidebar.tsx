import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CarFront, Download, Loader2, LogOut } from 'lucide-react';
import { displayName, type User } from '#shared/schemas/users.ts';
import { EditProfileDialog } from '#web/features/users/components/edit-profile-dialog.tsx';
import { useLogout } from '#web/features/auth/api/logout.ts';
import { useCompanyBrand } from '#web/features/public-site/api/use-company-brand.ts';
import { useInstallPrompt } from '#web/hooks/use-install-prompt.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { initials } from '#web/lib/format.ts';
import { Avatar, AvatarFallback, AvatarImage } from '../ui/avatar.tsx';
import { Sidebar, SidebarRail, useSidebar } from '../ui/sidebar.tsx';
import {
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '../ui/sidebar-menu.tsx';
import { isActive, navFor } from './admin-nav.ts';
import { InboxCountBadge } from './inbox-count-badge.tsx';

export function AdminSidebar({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const [profileOpen, setProfileOpen] = useState(false);
  const { canInstall, install } = useInstallPrompt();
  const logout = useLogout();
  const brand = useCompanyBrand();
  const closeOnPhone = () => isMobile && setOpenMobile(false);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Logged out successfully', description: 'You have been logged out of your account.' }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'There was an error logging out. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Dashboard">
              <Link to="/admin" onClick={closeOnPhone}>
                {brand?.logoUrl ? (
                  <img src={brand.logoUrl} alt="" className="size-8 shrink-0 rounded-lg object-contain" />
                ) : (
                  <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                    <CarFront className="size-4" aria-hidden />
                  </span>
                )}
                <span className="grid min-w-0 leading-tight">
                  {/* The company's name from its settings (docs/rulings.md ruling 9), not the product's. */}
                  <span className="truncate font-semibold" data-testid="sidebar-company-name">
                    {brand?.name ?? '\u00a0'}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">Back office</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupContent>
            <SidebarMenu>
              {navFor(user.role).map((entry) => (
                <SidebarMenuItem key={entry.to}>
                  <SidebarMenuButton asChild isActive={isActive(entry, pathname)} tooltip={entry.label}>
                    <Link to={entry.to} onClick={closeOnPhone}>
                      <entry.icon aria-hidden />
                      <span data-slot="nav-label">{entry.label}</span>
                      {entry.to === '/admin/inbox' && <InboxCountBadge />}
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <SidebarMenu>
          {canInstall && (
            <SidebarMenuItem>
              <SidebarMenuButton onClick={() => void install()} tooltip="Install app">
                <Download aria-hidden />
                <span>Install app</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          )}
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" onClick={() => setProfileOpen(true)} tooltip="Edit Profile">
              {/* Named by what it shows plus its action (WCAG 2.5.3: the name contains the visible text). */}
              <span className="sr-only">Edit Profile</span>
              <Avatar className="size-8 rounded-lg">
                {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
                <AvatarFallback className="rounded-lg">
                  {initials(user.firstName, user.lastName, user.username)}
                </AvatarFallback>
              </Avatar>
              <span className="grid min-w-0 leading-tight">
                <span className="truncate font-medium" data-testid="sidebar-user-name">
                  {displayName(user)}
                </span>
                <span className="truncate text-xs capitalize text-muted-foreground">{user.role}</span>
              </span>
            </SidebarMenuButton>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton onClick={signOut} disabled={logout.isPending} tooltip="Log out">
              {logout.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
              <span>Log out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
      <EditProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
    </Sidebar>
  );
}
