/**
 * A phone number in international form, digits only with a leading '+', for comparing numbers
 * and for wa.me links. Portuguese numbers written without a country code get +351.
 */
export function normalizePhone(raw: string | null | undefined, defaultCountryCode = '351'): string | null {
  if (!raw) return null;
  let s = raw.trim().replace(/[\s().\-/]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  const digits = s.replace(/\D/g, '');
  if (digits.length < 6) return null;
  if (s.startsWith('+')) return `+${digits}`;
  // 9 digits starting with 2 (landline) or 9 (mobile) are Portuguese national numbers.
  if (digits.length === 9 && /^[29]/.test(digits)) return `+${defaultCountryCode}${digits}`;
  return `+${digits}`;
}

/** wa.me wants the international number without '+'. */
export const whatsappLink = (raw: string) => {
  const n = normalizePhone(raw);
  return n ? `https://wa.me/${n.slice(1)}` : null;
};
