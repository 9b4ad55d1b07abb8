/**
 * Constants and texts of the quote form, without zod, so the public page can show the form before
 * the validation code has loaded. The business's own texts are kept word for word; those under
 * "Our own wording" cover cases it left open (docs/decisions/009-public-site.md).
 */
export const QUOTE_FORM = {
  minFillMs: 3000,
  minYear: 1990,
  maxNameLength: 100,
  maxBudgetEuros: 10_000_000,
  maxMileageKm: 2_000_000,
  /** The form section's element id: 'Pedir Orçamento' and the ISV simulator link here. */
  anchorId: 'pedir-orcamento',
} as const;

export const VEHICLE_CHOICES = ['specific', 'brand_model'] as const;
export type VehicleChoice = (typeof VEHICLE_CHOICES)[number];

export const QUOTE_FORM_MESSAGES = {
  honeypot: 'Erro de validação. Tente novamente.',
  tooFast: 'Por favor, preencha o formulário com calma.',
  untouched: 'Por favor, preencha todos os campos obrigatórios.',
  /** The toast after any schema failure (no final period, unlike `untouched`). */
  invalid: 'Por favor, preencha todos os campos obrigatórios',
  name: 'Nome é obrigatório',
  email: 'Email inválido',
  phone: 'Telefone é obrigatório',
  vehicleLink: 'Link do anúncio é obrigatório',
  brand: 'Marca é obrigatório',
  model: 'Modelo é obrigatório',
  budget: 'Valor é obrigatório',
  year: 'Ano é obrigatório',
  mileage: 'Máximo de kms é obrigatório',
  transmission: 'Tipo de caixa é obrigatório',
  fuelType: 'Tipo de combustível é obrigatório',
  // Our own wording:
  vehicleChoice: 'Escolha uma das opções de veículo',
  nameTooLong: 'Nome demasiado longo (máximo 100 caracteres)',
  phoneInvalid: 'Telefone inválido',
  vehicleLinkInvalid: 'Link do anúncio inválido: cole o endereço completo do anúncio',
  brandTooLong: 'Marca demasiado longa',
  modelTooLong: 'Modelo demasiado longo',
  budgetInvalid: 'Valor inválido: indique um montante em euros',
  yearRange: (currentYear: number) => `Ano deve estar entre 1990 e ${currentYear}`,
  mileageInvalid: 'Máximo de kms inválido: indique um número de quilómetros',
  invalidPayload: 'Pedido inválido',
  // Section 8:
  sendFailed: 'Erro ao enviar formulário',
  internal: 'Erro interno. Tente novamente mais tarde.',
  /** The server's answer on success (shown as the 'Sucesso!' toast). */
  success: 'Pedido enviado com sucesso! Entraremos em contacto consigo nas próximas 24 horas.',
  rateLimited: (minutes: number) =>
    `Recebemos demasiados pedidos a partir deste endereço. Por favor, tente novamente dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
} as const;
