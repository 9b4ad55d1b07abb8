/** Import statuses in the order of the import's stages, their labels and progress. */
export const IMPORT_STATUSES = [
  'confirmed',
  'handling_paperwork',
  'waiting_transport',
  'in_transit',
  'arrived',
  'inspected',
  'legalized',
  'delivered',
  'canceled',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  confirmed: 'Confirmed',
  handling_paperwork: 'Handling Paperwork',
  waiting_transport: 'Waiting Transport',
  in_transit: 'In Transit',
  arrived: 'Arrived',
  inspected: 'Inspected',
  legalized: 'Legalized',
  delivered: 'Delivered',
  canceled: 'Canceled',
};

/** Percent complete; canceled is outside the sequence and also 100. */
export const IMPORT_PROGRESS: Record<ImportStatus, number> = {
  confirmed: 0,
  handling_paperwork: 10,
  waiting_transport: 25,
  in_transit: 35,
  arrived: 50,
  inspected: 65,
  legalized: 90,
  delivered: 100,
  canceled: 100,
};

/** Active: neither delivered nor canceled. Concluded: delivered or canceled. */
export const CONCLUDED_IMPORT_STATUSES = ['delivered', 'canceled'] as const satisfies readonly ImportStatus[];
export const isActiveImport = (status: ImportStatus) => status !== 'delivered' && status !== 'canceled';
