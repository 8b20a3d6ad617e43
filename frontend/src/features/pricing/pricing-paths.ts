/** The owner's Precios screen (issue 47), kept out of config/paths.ts: the shop's entry does not carry it. */
export const pricingPath = '/admin/precios';
