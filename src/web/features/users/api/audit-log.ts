import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, auditLogPageSchema, type AuditEvent, type AuditLogPage } from '#shared/schemas/audit.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { AUDIT_LOG_KEY } from './user-keys.ts';

export interface AuditFilters {
  event: AuditEvent | null;
  username: string;
}

/** GET /api/admin/security-audit-logs: the latest 20, then older pages by the cursor ('Show more'). */
export function auditLogQueryOptions(filters: AuditFilters) {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (filters.event) params.set('event', filters.event);
  if (filters.username.trim()) params.set('username', filters.username.trim());
  return infiniteQueryOptions({
    queryKey: [...AUDIT_LOG_KEY, params.toString()] as const,
    queryFn: async ({ pageParam }): Promise<AuditLogPage> => {
      const page = new URLSearchParams(params);
      if (pageParam !== null) page.set('before', String(pageParam));
      return auditLogPageSchema.parse(await apiRequest('GET', `/api/admin/security-audit-logs?${page}`));
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({ ...auditLogQueryOptions(filters), placeholderData: keepPreviousData });
