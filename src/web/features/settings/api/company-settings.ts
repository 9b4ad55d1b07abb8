import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companySettingsSchema, type CompanySettings, type CompanySettingsUpdate } from '#shared/schemas/settings.ts';
import { apiRequest, apiUpload } from '#web/lib/api-client.ts';

/** Every settings key starts here, so the live settings_changed event refreshes them (src/web/lib/realtime.ts). */
export const SETTINGS_KEY = ['/api/settings'] as const;
const AUDIT_LOG_KEY = ['/api/admin/security-audit-logs'] as const;

/** GET /api/settings: the company details (admins). */
export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...SETTINGS_KEY, 'company'] as const,
    queryFn: async (): Promise<CompanySettings> =>
      companySettingsSchema.parse(await apiRequest('GET', '/api/settings')),
  });

export const useCompanySettings = () => useQuery(companySettingsQueryOptions());

function useSettingsMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => companySettingsSchema.parse(await call(input)),
    onSuccess: (saved) => {
      queryClient.setQueryData(companySettingsQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });
}

/** PUT /api/settings: the fields sent change, the rest stay; `version` as read (ADR 022). */
export const useUpdateCompanySettings = () =>
  useSettingsMutation((data: CompanySettingsUpdate) => apiRequest('PUT', '/api/settings', data));

/** POST /api/settings/logo: the image itself; the public pages show it at once. */
export const useUploadLogo = () => useSettingsMutation((file: File) => apiUpload('/api/settings/logo', file));

/** DELETE /api/settings/logo: back to the text logo. */
export const useRemoveLogo = () => useSettingsMutation((_: void) => apiRequest('DELETE', '/api/settings/logo'));
