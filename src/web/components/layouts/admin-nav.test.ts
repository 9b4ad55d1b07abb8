import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, isActive, navFor } from './admin-nav.ts';

const entry = (label: string) => ADMIN_NAV.find((e) => e.label === label)!;

describe('side navigation', () => {
  it('shows Users and DB Backups only to admins', () => {
    expect(navFor('user').map((e) => e.label)).toEqual([
      'Dashboard',
      'Inbox',
      'Today',
      'Leads',
      'Imports',
      'Money Owed',
      'Suppliers',
      'Email Templates',
      'Settings',
    ]);
    expect(navFor('admin').map((e) => e.label)).toContain('DB Backups');
    expect(navFor('admin').map((e) => e.label)).toContain('Users');
  });

  it('matches /admin exactly and the others by prefix', () => {
    expect(isActive(entry('Dashboard'), '/admin')).toBe(true);
    expect(isActive(entry('Dashboard'), '/admin/leads')).toBe(false);
    expect(isActive(entry('Leads'), '/admin/leads/42')).toBe(true);
    expect(isActive(entry('Leads'), '/admin/leadsx')).toBe(false);
  });
});
