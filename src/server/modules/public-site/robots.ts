/** Pages that are not for search engines: the back office, customers' private proposals and tracking pages, the API. */
export const DISALLOWED_PATHS = ['/admin', '/api/', '/proposta/', '/proposals/', '/legacy/', '/acompanhar/'];

/** The public pages worth listing (one address each: /contacto stands for its aliases). */
export const SITEMAP_PATHS = ['/', '/contacto', '/faq', '/simulador-isv'];

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(baseUrl: string, paths: readonly string[] = SITEMAP_PATHS): string {
  const urls = paths.map((p) => `  <url><loc>${baseUrl}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
