/**
 * The customer's short e-mail when an import moves to a new stage (ADR 068), in Portuguese and in
 * the tone of the quote acknowledgement: the stage, the expected delivery when known, the tracking
 * link. The name may come from a visitor's form: it is quoted inert (ADR 060).
 */
import { inertVisitorText } from '#shared/email/inert-text.ts';
import type { ImportStatus } from './status.ts';
import { IMPORT_STATUS_LABELS_PT, portugueseDate } from './tracking.ts';

export interface StageEmailInput {
  clientName: string;
  vehicle: string;
  status: ImportStatus;
  expectedDeliveryDate: string | null;
  trackingUrl: string;
}

/** Stages that send no automatic e-mail: a cancellation deserves a personal message. */
export const STAGES_WITHOUT_EMAIL: readonly ImportStatus[] = ['canceled', 'confirmed'];

export function stageEmail(input: StageEmailInput): { subject: string; body: string } {
  const first = inertVisitorText(input.clientName.trim().split(/\s+/)[0] ?? '');
  const stage = IMPORT_STATUS_LABELS_PT[input.status];
  // The car is the import's, as staff keep it in the detail.
  const car = input.vehicle.replace(/\s+/g, ' ').trim().slice(0, 80) || 'carro';
  const lines = [
    first ? `Olá ${first},` : 'Olá,',
    '',
    input.status === 'delivered'
      ? `A importação do seu ${car} está concluída: o carro foi entregue.`
      : `A importação do seu ${car} avançou para a etapa «${stage}».`,
  ];
  if (input.expectedDeliveryDate && input.status !== 'delivered')
    lines.push(`A entrega está prevista para ${portugueseDate(input.expectedDeliveryDate)}.`);
  lines.push(
    '',
    'Pode acompanhar todas as etapas aqui:',
    input.trackingUrl,
    '',
    'Se tiver alguma dúvida, basta responder a este e-mail.',
    '',
    'Obrigado pela sua confiança.',
  );
  return { subject: `A sua importação: ${stage}`, body: lines.join('\n') };
}
