import { useQuery } from '@tanstack/react-query';
import { getPublicSettings } from './get-public-settings.ts';

/**
 * The company's name and logo from its settings (docs/rulings.md ruling 9), for the back office's
 * sidebar: the business's own name, not the product's. Undefined until loaded or when it cannot be.
 */
export function useCompanyBrand(): { name: string; logoUrl: string } | undefined {
  const query = useQuery({
    queryKey: ['/api/settings/public'],
    queryFn: getPublicSettings,
    select: (s) => ({ name: s.company.name, logoUrl: s.company.logoUrl }),
  });
  return query.data;
}
