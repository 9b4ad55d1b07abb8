import { useQuery } from '@tanstack/react-query';
import type { PublicUrl } from '#shared/schemas/public-links.ts';
import { apiRequest } from './api-client.ts';

export const publicUrlKey = ['/api/public-url'] as const;

/**
 * The address customer links start with, as the server knows it (PUBLIC_URL; docs/rulings.md ruling 23,
 * ADR 053); undefined while it loads. Customer-facing text never uses the browser's own address.
 */
export function usePublicUrl(): string | undefined {
  const query = useQuery({
    queryKey: publicUrlKey,
    queryFn: () => apiRequest<PublicUrl>('GET', '/api/public-url'),
    staleTime: Infinity,
  });
  return query.data?.publicUrl;
}
