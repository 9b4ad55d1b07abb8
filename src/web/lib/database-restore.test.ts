import { describe, expect, it, vi } from 'vitest';
import { handleDatabaseEvent, markOwnRestore } from './database-restore.ts';

describe('database restore events on open pages', () => {
  it('reloads a page when a restore ends elsewhere', () => {
    const reload = vi.fn();
    handleDatabaseEvent('database_restoring', reload);
    expect(reload).not.toHaveBeenCalled();
    handleDatabaseEvent('database_restored', reload);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload the tab that ran the restore (it shows its own result)', () => {
    const reload = vi.fn();
    markOwnRestore(true);
    handleDatabaseEvent('database_restoring', reload);
    handleDatabaseEvent('database_restored', reload);
    markOwnRestore(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('ignores other events', () => {
    const reload = vi.fn();
    handleDatabaseEvent('lead_created', reload);
    expect(reload).not.toHaveBeenCalled();
  });
});
