import { ApiError } from '#web/lib/api-client.ts';
import { FILL_MANUALLY, type ImportFormValues } from './import-form-values.ts';

const orNull = (text: string) => (text.trim() === '' ? null : text);
const idOrNull = (text: string) => {
  const t = text.trim().replace(/^#/, '');
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : t;
};

/** The form as POST /api/imports takes it: empty text is null ('empty price fields become null'). */
export function toCreateBody(v: ImportFormValues) {
  return {
    leadId: idOrNull(v.leadId),
    proposalId: v.proposalId === FILL_MANUALLY ? null : idOrNull(v.proposalId),
    clientName: v.clientName,
    clientEmail: orNull(v.clientEmail),
    clientPhone: orNull(v.clientPhone),
    clientAddress: orNull(v.clientAddress),
    clientVatId: orNull(v.clientVatId),
    vehicleMake: v.vehicleMake,
    vehicleModel: v.vehicleModel,
    vehicleYear: orNull(v.vehicleYear),
    vehicleVin: orNull(v.vehicleVin),
    vehiclePrice: orNull(v.vehiclePrice),
    vehicleIsv: orNull(v.vehicleIsv),
    servicePrice: orNull(v.servicePrice),
    notes: orNull(v.notes),
    deliveryNotes: orNull(v.deliveryNotes),
  };
}

/** Section 8: the server's message, else the first item of its field errors, else 'Failed to create import'. */
export function createFailureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const first = err.fields ? Object.values(err.fields)[0] : undefined;
    if (err.serverMessage && !/^\s*$/.test(err.serverMessage)) return err.serverMessage;
    if (first) return first;
  }
  return 'Failed to create import';
}
