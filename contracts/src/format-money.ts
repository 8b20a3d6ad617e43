import { formatPrice } from './format';
import { absolute, toPesos, type Centavos } from './money';

// Apart from money.ts, which the shop's cart uses: staff screens read amounts, and a module's
// top-level Intl formatter travels with it into whichever chunk imports it.

/** As people read every price: "$ 2.500", "$ 2.100,50" (formatPrice: no centavos when whole). */
export const formatMoney = (amount: Centavos): string => formatPrice(toPesos(amount));

const AMOUNT_FORMAT = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** As an amount column reads, always with centavos and no sign: "2.500,00". */
export const formatAmount = (amount: Centavos): string => AMOUNT_FORMAT.format(toPesos(amount));

/**
 * A cash closing's difference as the desk says it, on the screen and in the closing's PDF:
 * "faltan $ 100" (less cash than expected), "sobran $ 50,50" (more), "sin diferencia".
 */
export function differenceText(diferencia: Centavos): string {
  if (diferencia === 0) return 'sin diferencia';
  return `${diferencia < 0 ? 'faltan' : 'sobran'} ${formatMoney(absolute(diferencia))}`;
}
