import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupListSchema, backupStatusSchema } from '#shared/schemas/backups.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export const BACKUP_LIST_KEY = ['/api/admin/backup/list'] as const;
export const BACKUP_STATUS_KEY = ['/api/admin/backup/status'] as const;

export const backupListQuery = () =>
  queryOptions({
    queryKey: BACKUP_LIST_KEY,
    queryFn: async () => backupListSchema.parse(await apiRequest('GET', '/api/admin/backup/list')),
  });

export const backupStatusQuery = () =>
  queryOptions({
    queryKey: BACKUP_STATUS_KEY,
    queryFn: async () => backupStatusSchema.parse(await apiRequest('GET', '/api/admin/backup/status')),
    // Last run and next run move with the clock.
    refetchInterval: 60_000,
  });

export const useBackupList = () => useQuery(backupListQuery());
export const useBackupStatus = () => useQuery(backupStatusQuery());

/** The download link of a backup file (a plain GET with the session cookie). */
export const backupDownloadUrl = (filename: string) => `/api/admin/backup/download/${encodeURIComponent(filename)}`;
