import type { Fuel, Transmission } from './cars.ts';
import { groupThousands as thousands } from './money.ts';
import type { Rng } from './prng.ts';

/** What the Portuguese message texts of one lead's conversation may mention. */
export interface ConversationContext {
  firstName: string;
  lastName: string;
  reference: string;
  make: string;
  model: string;
  year: number;
  budgetEur: number;
  mileageKm: number;
  fuel: Fuel;
  transmission: Transmission;
  link: string | null;
  staffName: string;
}

export interface MailText {
  subject: string;
  body: string;
}

export interface CallText {
  description: string;
  duration: string;
  outcome: string;
  followUp: string | null;
}

export const FUEL_PT: Record<Fuel, string> = {
  petrol: 'gasolina',
  diesel: 'gasóleo',
  petrol_hybrid: 'híbrido a gasolina',
  diesel_hybrid: 'híbrido a gasóleo',
  plugin_hybrid: 'híbrido plug-in',
  electric: 'elétrico',
  lpg: 'GPL',
  other: 'outro combustível',
};
const TRANSMISSION_PT: Record<Transmission, string> = { auto: 'automática', manual: 'manual', any: 'indiferente' };

const car = (c: ConversationContext): string => `${c.make} ${c.model}`;
const sign = (c: ConversationContext): string => `Com os melhores cumprimentos,\n${c.staffName}`;

export function customerRequest(rng: Rng, c: ConversationContext): MailText {
  const variants: MailText[] = [
    {
      subject: `Pedido de orçamento - ${car(c)}`,
      body: `Bom dia,\n\nGostaria de pedir um orçamento para a importação de um ${car(c)} de ${c.year} ou mais recente, com menos de ${thousands(c.mileageKm)} km. O meu orçamento ronda os ${thousands(c.budgetEur)} €, já com tudo incluído.\n\nObrigado,\n${c.firstName} ${c.lastName}`,
    },
    {
      subject: `Importação ${car(c)}`,
      body: `Olá,\n\nVi este anúncio e gostava de saber quanto ficaria o carro legalizado em Portugal: ${c.link ?? 'mobile.de'}\n\nConseguem tratar de tudo, incluindo o transporte e a matrícula?\n\nCumprimentos,\n${c.firstName}`,
    },
    {
      subject: `Orçamento para ${car(c)} (${c.year})`,
      body: `Boa tarde,\n\nProcuro um ${car(c)} a ${FUEL_PT[c.fuel]}, caixa ${TRANSMISSION_PT[c.transmission]}, de ${c.year} em diante. Qual é o prazo habitual até ter o carro matriculado?\n\nAtentamente,\n${c.firstName} ${c.lastName}`,
    },
    {
      subject: `Informações sobre importação`,
      body: `Bom dia,\n\nUm colega recomendou os vossos serviços. Estou interessado num ${car(c)}, idealmente com menos de ${thousands(c.mileageKm)} km e até ${thousands(c.budgetEur)} €. Podem ajudar?\n\nObrigado\n${c.firstName}`,
    },
  ];
  return c.link ? variants[1]! : rng.pick([variants[0]!, variants[2]!, variants[3]!]);
}

export function formAcknowledgement(c: ConversationContext): MailText {
  return {
    subject: `Recebemos o seu pedido (${c.reference})`,
    body: `Olá ${c.firstName},\n\nObrigado pelo seu pedido de orçamento para um ${car(c)}. A nossa equipa vai analisar o mercado e responder-lhe em menos de 24 horas.\n\nReferência do pedido: ${c.reference}\n\nCom os melhores cumprimentos,\nA equipa AutoImport`,
  };
}

export function staffQuestion(rng: Rng, c: ConversationContext): MailText {
  const body = rng.pick([
    `Olá ${c.firstName},\n\nObrigado pelo contacto. Para afinarmos a pesquisa, pode confirmar a cor preferida e se aceita versões com mais equipamento acima do orçamento indicado? Precisamos também de saber se o carro fica em nome próprio ou de empresa.\n\n${sign(c)}`,
    `Olá ${c.firstName},\n\nEncontrámos três ${car(c)} na Alemanha dentro do que pediu. Prefere a versão carrinha ou berlina? E o teto de abrir é importante?\n\n${sign(c)}`,
    `Olá ${c.firstName},\n\nO carro do anúncio tem um histórico de manutenção incompleto. Quer que procuremos alternativas com livro de revisões completo, mesmo que fiquem cerca de 1 000 € acima?\n\n${sign(c)}`,
  ]);
  return { subject: `Re: ${car(c)} - ${c.reference}`, body };
}

export function customerAnswer(rng: Rng, c: ConversationContext): MailText {
  const body = rng.pick([
    `Olá,\n\nObrigado pela rapidez. Prefiro cores escuras (preto ou cinzento) e a caixa automática é obrigatória. O carro fica em meu nome.\n\nFico a aguardar,\n${c.firstName}`,
    `Boa tarde,\n\nPode ser carrinha. Qual seria o valor final com ISV e transporte incluídos? Preciso do carro até ao fim do próximo mês.\n\nObrigado,\n${c.firstName}`,
    `Bom dia,\n\nSim, prefiro pagar um pouco mais e ter o histórico completo. Podem também verificar se tem os dois jogos de chaves?\n\nCumprimentos,\n${c.firstName} ${c.lastName}`,
  ]);
  return { subject: `Re: ${car(c)} - ${c.reference}`, body };
}

export function quoteEstimate(c: ConversationContext, amountEur: number): MailText {
  return {
    subject: `Estimativa de custos - ${car(c)} (${c.reference})`,
    body: `Olá ${c.firstName},\n\nPara um ${car(c)} de ${c.year} com cerca de ${thousands(c.mileageKm)} km, o valor final estimado, já com ISV, transporte e legalização, ronda os ${thousands(amountEur)} €.\n\nSe quiser avançar, enviamos uma proposta detalhada com um carro concreto e fotografias.\n\n${sign(c)}`,
  };
}

export interface ProposalFigures {
  url: string;
  price: string;
  isv: string;
  service: string;
  total: string;
}

export function proposalMail(c: ConversationContext, p: ProposalFigures): MailText {
  return {
    subject: `Proposta ${car(c)} - ${c.reference}`,
    body: `Olá ${c.firstName},\n\nConforme combinado, segue a proposta para o ${car(c)}:\n${p.url}\n\nValor do veículo: ${p.price} €\nISV: ${p.isv} €\nServiço de importação: ${p.service} €\nValor final: ${p.total} €\n\nO valor inclui transporte, inspeção e legalização até à entrega da matrícula portuguesa. Qualquer dúvida, estamos ao dispor.\n\n${sign(c)}`,
  };
}

export function customerDecline(rng: Rng, c: ConversationContext): MailText {
  const body = rng.pick([
    `Boa tarde,\n\nAgradeço a proposta, mas acabei por comprar um carro num stand cá em Portugal. Obrigado pela disponibilidade.\n\n${c.firstName}`,
    `Olá,\n\nDepois de fazer as contas, o valor final fica acima do que posso gastar neste momento. Vou adiar a compra para o próximo ano.\n\nCumprimentos,\n${c.firstName} ${c.lastName}`,
  ]);
  return { subject: `Re: ${car(c)} - ${c.reference}`, body };
}

export function documentsMail(c: ConversationContext): MailText {
  return {
    subject: `Próximos passos - ${car(c)} (${c.reference})`,
    body: `Olá ${c.firstName},\n\nObrigado pela confiança! Para avançarmos com a compra e a legalização precisamos de:\n- Cartão de Cidadão (frente e verso)\n- Comprovativo de morada recente\n- Número de contribuinte (NIF)\n- Comprovativo da transferência do sinal (30%)\n\nAssim que recebermos os documentos reservamos o carro junto do stand.\n\n${sign(c)}`,
  };
}

export type CallPurpose = 'intro' | 'followUp' | 'noAnswer' | 'accepted' | 'declined';

export function callNote(rng: Rng, purpose: CallPurpose, c: ConversationContext): CallText {
  const minutes = `${rng.pick([3, 4, 5, 7, 9, 12])} min`;
  switch (purpose) {
    case 'intro':
      return {
        description: `${c.firstName} ligou a pedir orçamento para um ${car(c)} (${c.year}+, até ${thousands(c.budgetEur)} €). Expliquei o processo e os prazos (3 a 4 semanas).`,
        duration: minutes,
        outcome: 'Pedido registado',
        followUp: 'Enviar primeiras opções por e-mail',
      };
    case 'followUp':
      return {
        description: `Chamada de acompanhamento da proposta. ${c.firstName} tem dúvidas sobre o valor do ISV e a garantia.`,
        duration: minutes,
        outcome: 'Interessado',
        followUp: 'Voltar a ligar dentro de 2 dias',
      };
    case 'noAnswer':
      return {
        description: `Tentei contactar ${c.firstName} para confirmar as preferências. Não atendeu; deixei mensagem de voz.`,
        duration: '1 min',
        outcome: 'Sem resposta',
        followUp: 'Tentar novamente amanhã',
      };
    case 'accepted':
      return {
        description: `${c.firstName} aceitou a proposta do ${car(c)}. Vai transferir o sinal esta semana.`,
        duration: minutes,
        outcome: 'Aceitou a proposta',
        followUp: 'Enviar lista de documentos',
      };
    case 'declined':
      return {
        description: `${c.firstName} desistiu: o valor final ficou acima do esperado.`,
        duration: minutes,
        outcome: 'Desistiu',
        followUp: null,
      };
  }
}

export function customerChat(rng: Rng, c: ConversationContext): string {
  return rng.pick([
    `Cliente: Olá! Já há novidades sobre o ${car(c)}?`,
    `Cliente: Boa tarde, recebi o vosso e-mail. Conseguem ligar-me depois das 18h?`,
    `Cliente: Recebi o e-mail, obrigado. Vou falar com a minha mulher e digo algo amanhã.`,
    `Cliente: Bom dia, o carro ainda está disponível?`,
  ]);
}

export function staffChat(rng: Rng, c: ConversationContext): string {
  return rng.pick([
    `Bom dia ${c.firstName}, enviámos as opções por e-mail. Consegue dizer-nos qual prefere?`,
    `Olá ${c.firstName}, o stand confirma que o carro está disponível até sexta-feira. Quer que avancemos com a reserva?`,
    `Boa tarde ${c.firstName}, para fecharmos a pesquisa: aceita carros com mais de ${thousands(c.mileageKm)} km se o preço compensar?`,
  ]);
}

export const LEAD_NOTES = [
  'Prefere cor escura e teto de abrir.',
  'Cliente já importou um carro connosco em 2022.',
  'Precisa do carro até ao final do mês (começa novo emprego em Braga).',
  'Tem um Renault Clio de 2012 para vender; perguntou se aceitamos retoma.',
  'Empresa: o carro fica em nome da sociedade, pedir certidão permanente.',
  'Só responde por WhatsApp durante o dia.',
  'Quer cadeira de criança ISOFIX atrás e gancho de reboque.',
  'Pediu para não ligar antes das 10h.',
] as const;
