/** The accounts e2e/prepare-db.ts creates before the test server starts. */
export interface E2EUser {
  username: string;
  password: string;
  role: 'admin' | 'user';
  firstName?: string;
  lastName?: string;
  email?: string;
}

export const E2E_USERS = {
  /** The first admin. */
  admin: { username: 'admin', password: 'Admin1234', role: 'admin', firstName: 'Ana' },
  /** A role user: no Users / DB Backups; receives the announcements of notifications.spec. */
  staff: { username: 'staff', password: 'Staff1234', role: 'user' },
  /** Locked by sign-in.spec (five wrong passwords): use it for nothing else. */
  lockme: { username: 'lockme', password: 'Lockme1234', role: 'user' },
  /** profile.spec edits this one's name and password (no name yet: the sidebar shows the e-mail). */
  editor: { username: 'editor', password: 'Editor1234', role: 'user', email: 'editor@example.com' },
  /** Never notified: its bell panel stays empty. */
  quiet: { username: 'quiet', password: 'Quiet1234', role: 'user' },
} as const satisfies Record<string, E2EUser>;
