import { z } from 'zod';

/**
 * Company details admins edit in Settings, with neutral placeholders on a fresh install. The server
 * stores them in system_settings under these keys.
 */
export const SETTINGS = {
  'company.name': { default: 'AutoImport', description: 'Company name shown on the public site' },
  'company.logoUrl': { default: '', description: 'Logo URL (empty: the text logo)' },
  'company.phone': { default: '+351 210 000 000', description: 'Public phone number' },
  'company.email': { default: 'geral@example.pt', description: 'Public e-mail address' },
  'mailbox.geral.address': { default: 'geral@example.pt', description: 'Address of the geral mailbox' },
  'mailbox.comercial.address': { default: 'comercial@example.pt', description: 'Address of the comercial mailbox' },
  'manager.geral.name': { default: 'Gestor de Importação', description: 'Proposal-page manager for geral leads' },
  'manager.geral.phone': { default: '+351 910 000 000', description: 'Phone of the geral manager' },
  'manager.comercial.name': { default: 'Gestor Comercial', description: 'Proposal-page manager for comercial leads' },
  'manager.comercial.phone': { default: '+351 920 000 000', description: 'Phone of the comercial manager' },
  'listingWatch.enabled': {
    default: 'on',
    description: "The daily re-read of quoted cars' listings (ADR 068): on or off",
  },
  'legacy.siteUrl': {
    default: '',
    description: 'Site that serves /legacy/proposals links sent before this app; empty: this site',
  },
} as const satisfies Record<string, { default: string; description: string }>;

export type SettingKey = keyof typeof SETTINGS;
export const settingKeySchema = z.enum(Object.keys(SETTINGS) as [SettingKey, ...SettingKey[]]);
export type Settings = Record<SettingKey, string>;
