/** The owner's Facturas screen (issue 44), kept out of config/paths.ts: the shop's entry does not carry it. */
export const invoicesPath = '/admin/facturas';
