/** ISO 4217 code from a formatted price ("€ 24.500", "24 500 EUR", "89 900 zł", "CHF 12'000"); null when none shows. */
export function currencyOf(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const code = /\b(EUR|PLN|RON|CHF|SEK|DKK|CZK|HUF|GBP|NOK|USD)\b/i.exec(text);
  if (code) return code[1]!.toUpperCase();
  if (text.includes('€')) return 'EUR';
  if (/zł/i.test(text)) return 'PLN';
  if (/\blei\b/i.test(text)) return 'RON';
  if (text.includes('£')) return 'GBP';
  return null;
}
