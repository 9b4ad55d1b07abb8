/** The customer's tracking page, in Portuguese (the public site's language). */
export const TRACKING_TEXTS = {
  htmlLang: 'pt-PT',
  eyebrow: 'Acompanhamento da importação',
  loading: 'A carregar...',
  notFoundTitle: 'Importação não encontrada',
  notFoundText:
    'O link de acompanhamento não existe ou já não está disponível. Confirme o link que recebeu ou contacte-nos.',
  backHome: 'Ir para a página inicial',
  carFallback: 'O seu carro',
  currentStage: 'Estado atual',
  complete: (percent: number) => `${percent}% concluído`,
  stages: 'Etapas da importação',
  reachedOn: 'Concluída a',
  since: 'Desde',
  pending: 'Por concluir',
  expectedDelivery: 'Entrega prevista',
  expectedOn: 'Prevista para',
  expectedNote: 'Data estimada: pode mudar com o transporte e a legalização. Avisamos se mudar.',
  canceledText: 'Esta importação foi cancelada. Se tiver alguma dúvida, fale connosco.',
  deliveredText: 'O seu carro foi entregue. Obrigado pela confiança!',
  contacts: 'Fale connosco',
  contactsIntro: 'Tem alguma pergunta sobre a sua importação? Estamos disponíveis para ajudar.',
  call: 'Ligar',
  email: 'Enviar email',
  whatsapp: 'WhatsApp',
  proposal: 'Ver a proposta',
  lastUpdate: 'Última atualização',
  theme: 'Mudar tema',
  footer: { rights: 'Todos os direitos reservados.' },
} as const;

/** Dates as the Portuguese read them, in Lisbon time: '25 de novembro de 2026'. */
export function formatTrackingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('pt-PT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Lisbon',
  });
}
