import { normalizePhone, whatsappLink } from '#shared/phone.ts';

/**
 * Call, SMS and WhatsApp links for a manager's phone as admins type it ('+351 910 000 000',
 * '910000000', '00351...'); a Portuguese number without a country code gets +351.
 */
export function phoneLinks(phone: string): { tel: string; sms: string; whatsapp: string } | null {
  const international = normalizePhone(phone);
  if (!international) return null;
  return { tel: `tel:${international}`, sms: `sms:${international}`, whatsapp: whatsappLink(phone)! };
}
