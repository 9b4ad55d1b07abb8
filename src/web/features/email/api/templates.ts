import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailTemplateListSchema,
  emailTemplateSchema,
  type EmailTemplate,
  type EmailTemplateInput,
} from '#shared/schemas/email.ts';
import { apiRequest, getQueryFn } from '#web/lib/api-client.ts';

export const TEMPLATES_KEY = ['/api/email-templates'] as const;

/** GET /api/email-templates. */
export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: TEMPLATES_KEY,
    queryFn: async (ctx): Promise<EmailTemplate[]> =>
      emailTemplateListSchema.parse(await getQueryFn({ on401: 'throw' })(ctx)),
  });
export const useTemplates = (enabled = true) => useQuery({ ...templatesQueryOptions(), enabled });

/** POST /api/email-templates, or PUT /api/email-templates/{id} with the version read. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, data }: { id?: number; data: EmailTemplateInput }) =>
      emailTemplateSchema.parse(
        await apiRequest(id ? 'PUT' : 'POST', id ? `/api/email-templates/${id}` : '/api/email-templates', data),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

/** DELETE /api/email-templates/{id}. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/email-templates/${id}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}
