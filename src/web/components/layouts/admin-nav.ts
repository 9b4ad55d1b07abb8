import {
  CalendarCheck,
  Car,
  Inbox,
  DatabaseBackup,
  LayoutDashboard,
  Mail,
  Settings,
  Truck,
  Users,
  UserSearch,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '#shared/schemas/users.ts';

export interface NavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Side navigation. Users and DB Backups are for role admin only. */
export const ADMIN_NAV: NavEntry[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  { label: 'Inbox', to: '/admin/inbox', icon: Inbox },
  { label: 'Today', to: '/admin/today', icon: CalendarCheck },
  { label: 'Leads', to: '/admin/leads', icon: UserSearch },
  { label: 'Imports', to: '/admin/imports', icon: Car },
  // Every staff role sees the imports' money (ADR 067).
  { label: 'Money Owed', to: '/admin/money', icon: Wallet },
  { label: 'Suppliers', to: '/admin/suppliers', icon: Truck },
  { label: 'Email Templates', to: '/admin/email-templates', icon: Mail },
  { label: 'Users', to: '/admin/users', icon: Users, adminOnly: true },
  { label: 'DB Backups', to: '/admin/db-backups', icon: DatabaseBackup, adminOnly: true },
  { label: 'Settings', to: '/admin/settings', icon: Settings },
];

export const navFor = (role: Role) => ADMIN_NAV.filter((e) => !e.adminOnly || role === 'admin');

/** Exact match for /admin, prefix match for the others. */
export function isActive(entry: NavEntry, pathname: string): boolean {
  if (entry.to === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}
