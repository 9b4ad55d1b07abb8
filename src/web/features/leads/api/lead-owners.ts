import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkLeadOwnerResponseSchema,
  leadOwnerOptionsSchema,
  ownerRuleResponseSchema,
  setLeadOwnerResponseSchema,
  type BulkLeadOwner,
  type OwnerRule,
} from '#shared/schemas/lead-owners.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { LEADS_KEY } from './lead-keys.ts';

const OWNERS_KEY = ['/api/lead-owners'] as const;
/** Under '/api/settings': a settings_changed event refreshes it (src/web/lib/realtime.ts). */
export const OWNER_RULE_KEY = ['/api/settings', 'lead-owner-rule'] as const;

/** Staff who may own leads, by name. */
export function useLeadOwnerOptions() {
  return useQuery({
    queryKey: OWNERS_KEY,
    queryFn: async () => leadOwnerOptionsSchema.parse(await apiRequest('GET', '/api/lead-owners')),
    staleTime: 60_000,
  });
}

/** PUT /api/leads/{id}/owner with the version read (ADR 022): a stale one answers 409. */
export function useSetLeadOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { leadId: number; assignedTo: number | null; version: number }) =>
      setLeadOwnerResponseSchema.parse(
        await apiRequest('PUT', `/api/leads/${input.leadId}/owner`, {
          assignedTo: input.assignedTo,
          version: input.version,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}

/** POST /api/leads/owner: the chosen leads to one owner (or nobody). */
export function useBulkLeadOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BulkLeadOwner) =>
      bulkLeadOwnerResponseSchema.parse(await apiRequest('POST', '/api/leads/owner', input)).count,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  });
}

export function useOwnerRule() {
  return useQuery({
    queryKey: OWNER_RULE_KEY,
    queryFn: async () => ownerRuleResponseSchema.parse(await apiRequest('GET', '/api/settings/lead-owner-rule')),
  });
}

export function useSaveOwnerRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rule: OwnerRule) =>
      ownerRuleResponseSchema.parse(await apiRequest('PUT', '/api/settings/lead-owner-rule', rule)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWNER_RULE_KEY }),
  });
}
