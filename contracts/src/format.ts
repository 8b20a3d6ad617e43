const PRICE_FORMAT = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

/** Prices as people in Argentina read them: "$ 2.100,00". */
export function formatPrice(value: number): string {
  return PRICE_FORMAT.format(value);
}
