const WHOLE = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
const CENTAVOS = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2 });

/**
 * Every price a person reads, one way: es-AR pesos, centavos only when there are some
 * ("$ 12.500", "$ 2.100,50"). The space after "$" is a no-break space, as Intl writes it.
 */
export function formatPrice(value: number): string {
  return (Number.isInteger(value) ? WHOLE : CENTAVOS).format(value);
}

const COUNT = new Intl.NumberFormat('es-AR');
/** A count alone, written es-AR: "1.500". */
export const formatCount = (n: number) => COUNT.format(n);

/**
 * The one plural helper: every count a person reads, in agreement and written es-AR.
 * countOf(1, 'producto', 'productos') is "1 producto", countOf(2, …) "2 productos", countOf(0, …)
 * "0 productos", countOf(1500, …) "1.500 productos". The words come whole (also verbs:
 * countOf(1, 'queda', 'quedan') is "1 queda"; use `agreeing` for "queda 1").
 */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${agreeing(n, one, many)}`;
}

/** The word alone that agrees with `n`: agreeing(1, 'queda', 'quedan') is "queda". */
export function agreeing(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
