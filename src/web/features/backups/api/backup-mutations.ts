import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupSchema, restoreResultSchema } from '#shared/schemas/backups.ts';
import { apiRequest, apiUpload } from '#web/lib/api-client.ts';
import { markOwnRestore } from '#web/lib/database-restore.ts';
import { BACKUP_LIST_KEY, BACKUP_STATUS_KEY } from './backups-queries.ts';

function useRefreshBackups() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: BACKUP_LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: BACKUP_STATUS_KEY });
  };
}

export function useCreateBackup() {
  const refresh = useRefreshBackups();
  return useMutation({
    mutationFn: async () => backupSchema.parse(await apiRequest('POST', '/api/admin/backup/create')),
    onSettled: refresh,
  });
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filename: string) => {
      markOwnRestore(true);
      try {
        return restoreResultSchema.parse(await apiRequest('POST', '/api/admin/backup/restore', { filename }));
      } finally {
        markOwnRestore(false);
      }
    },
    // Everything on screen may have changed.
    onSettled: () => void queryClient.invalidateQueries(),
  });
}

export function useUploadBackup() {
  const refresh = useRefreshBackups();
  return useMutation({
    mutationFn: async (file: File) =>
      backupSchema.parse(
        await apiUpload(
          `/api/admin/backup/upload?filename=${encodeURIComponent(file.name)}`,
          new Blob([file], { type: 'application/octet-stream' }),
        ),
      ),
    onSettled: refresh,
  });
}
