/**
 * E-mail templates: double-brace variables ({{firstName}}), their sample values for the preview,
 * bracketed fallbacks where a value is missing (ADR 028). Which templates a lead
 * is offered, and the values it lacks: template-gaps.ts (ADR 063).
 */

import { formatEuroDecimal } from '#shared/money-format.ts';

export const TEMPLATE_VARIABLES = [
  'firstName',
  'lastName',
  'email',
  'vehicleMake',
  'vehicleModel',
  'vehicleYear',
  'reference',
  'userName',
  'proposalUrl',
  'proposalValue',
  'proposalIsv',
  'proposalService',
  'proposalFinal',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string | number | null | undefined>>;

/** The template the proposal e-mail uses; it exists on a fresh install. */
export const PROPOSAL_TEMPLATE_ID = 'proposal-email';

/** Variables only a proposal fills: templates using them are sent from a proposal, not the Send e-mail dialog. */
export const PROPOSAL_VARIABLES: readonly TemplateVariable[] = [
  'proposalUrl',
  'proposalValue',
  'proposalIsv',
  'proposalService',
  'proposalFinal',
];

export const FALLBACKS: Record<TemplateVariable, string> = {
  firstName: '[First Name]',
  lastName: '[Last Name]',
  email: '[Email]',
  vehicleMake: '[Vehicle Make]',
  vehicleModel: '[Vehicle Model]',
  vehicleYear: '[Vehicle Year]',
  reference: '[Reference]',
  userName: '[User Name]',
  proposalUrl: '[Proposal URL]',
  proposalValue: '[Proposal Value]',
  proposalIsv: '[Proposal ISV]',
  proposalService: '[Proposal Service]',
  proposalFinal: '[Proposal Final]',
};

export const SAMPLE_VALUES: Record<TemplateVariable, string> = {
  firstName: 'João',
  lastName: 'Silva',
  email: 'joao.silva@example.com',
  vehicleMake: 'BMW',
  vehicleModel: '320d',
  vehicleYear: '2021',
  reference: 'ABC123',
  userName: 'Maria Santos',
  proposalUrl: 'https://example.com/proposta/00000000-0000-4000-8000-000000000000',
  proposalValue: '24 500,00 €',
  proposalIsv: '3 120,00 €',
  proposalService: '2 340,00 €',
  proposalFinal: '29 960,00 €',
};

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const isKnown = (name: string): name is TemplateVariable => (TEMPLATE_VARIABLES as readonly string[]).includes(name);

/** The variable names a text uses, each once, in order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** Names used in the text that are not template variables (flagged before saving). */
export function unknownVariables(text: string): string[] {
  return variablesIn(text).filter((v) => !isKnown(v));
}

const present = (v: TemplateValues[TemplateVariable]) => v !== null && v !== undefined && String(v).trim() !== '';

/** Replaces each known variable with its value, or its bracketed fallback; unknown ones stay as written. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (!isKnown(name)) return whole;
    const v = values[name];
    return present(v) ? String(v) : FALLBACKS[name];
  });
}

/** Shown when no template can be offered (only proposal templates exist); which are offered: template-gaps.ts. */
export const NO_TEMPLATES_NOTE =
  'No templates available - some templates require additional lead information (vehicle make/model, etc.)';

/**
 * Amounts in the proposal e-mail, written as the proposal page writes them (src/shared/money-format.ts)
 * with exact cents: '€24 500,00'; null stays missing.
 */
export const formatEurosPt = (amount: string | null | undefined): string | null => formatEuroDecimal(amount);

/** The default proposal e-mail on a fresh install (Portuguese, edited by staff afterwards). */
export const DEFAULT_PROPOSAL_TEMPLATE = {
  templateId: PROPOSAL_TEMPLATE_ID,
  title: 'A sua proposta de importação: {{vehicleMake}} {{vehicleModel}}',
  body: [
    'Olá {{firstName}},',
    '',
    'Obrigado pelo seu contacto. Preparámos a proposta para a importação do {{vehicleMake}} {{vehicleModel}}:',
    '',
    '{{proposalUrl}}',
    '',
    'Valor do veículo: {{proposalValue}}',
    'ISV e IVA: {{proposalIsv}}',
    'Serviço de importação: {{proposalService}}',
    '<b>Preço final: {{proposalFinal}}</b>',
    '',
    'Qualquer dúvida, basta responder a este e-mail.',
    '',
    'Com os melhores cumprimentos,',
    '{{userName}}',
  ].join('\n'),
};

/** What a lead offers the template (the vehicle 'Not specified' counts as missing). */
export function leadTemplateValues(
  lead: {
    firstName: string;
    lastName: string | null;
    email: string | null;
    vehicleMake: string;
    vehicleModel: string;
    vehicleYear: number | null;
    reference: string;
  },
  user: { firstName: string | null; lastName: string | null; username: string },
  notSpecified = 'Not specified',
): TemplateValues {
  const vehicle = (v: string) => (v.trim() && v.trim() !== notSpecified ? v : null);
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    vehicleMake: vehicle(lead.vehicleMake),
    vehicleModel: vehicle(lead.vehicleModel),
    vehicleYear: lead.vehicleYear,
    reference: lead.reference,
    userName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
  };
}

const toCents = (v: string | null | undefined): number | null => {
  if (v === null || v === undefined || !/^-?\d+(\.\d{1,2})?$/.test(v.trim())) return null;
  const [whole, frac = ''] = v.trim().replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return v.trim().startsWith('-') ? -cents : cents;
};
const fromCents = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

/**
 * The proposal's figures for the proposal e-mail, in euros as the customer's page shows them:
 * the vehicle price, taxes (ISV plus IVA), the import service (transport plus registration) and the
 * final price; proposalUrl is the Portuguese (/proposta/) or English (/proposals/) page.
 */
export function proposalTemplateValues(
  proposal: {
    publicId: string;
    vehiclePrice: string | null;
    isvCost: string | null;
    ivaCost: string | null;
    transportCost: string;
    registrationFee: string;
    totalCost: string | null;
  },
  origin: string,
  language: 'pt' | 'en',
): TemplateValues {
  const isv = toCents(proposal.isvCost);
  const taxes = isv === null ? null : isv + (toCents(proposal.ivaCost) ?? 0);
  const service = (toCents(proposal.transportCost) ?? 0) + (toCents(proposal.registrationFee) ?? 0);
  return {
    proposalUrl: `${origin.replace(/\/+$/, '')}/${language === 'pt' ? 'proposta' : 'proposals'}/${proposal.publicId}`,
    proposalValue: formatEurosPt(proposal.vehiclePrice),
    proposalIsv: taxes === null ? null : formatEurosPt(fromCents(taxes)),
    proposalService: formatEurosPt(fromCents(service)),
    proposalFinal: formatEurosPt(proposal.totalCost),
  };
}
