import * as yup from 'yup';
import { CATEGORIES, COLORS, SIZES, type Color, type Size } from './catalog';
import { productMessages as m } from './messages';
import { hasWholeCentavos, type Centavos } from './money';
import { securityMessages } from './security-messages';
import { totalStock, variantCombos, variantGrid, variantsField, sameVariant, type ProductVariant } from './variants';

export interface Product {
  _id: string;
  nombre: string;
  categoria: string[];
  precio: number;
  imagen: string;
  descripcion: string;
  portada: boolean;
  talle: Size[];
  color: Color[];
  /** The sum of `variantes`, kept as the spec's field. */
  stock: number;
  /** Stock per size × colour sold (talle/color null where the product has none). */
  variantes: ProductVariant[];
  updatedAt: string;
}

/** Without `variantes` (the spec's body) the server spreads or reconciles `stock` over the grid. */
export type ProductInput = Omit<Product, '_id' | 'updatedAt' | 'variantes'> & { variantes?: ProductVariant[] };

export const PRODUCT_NAME_MAX = 30;
export const PRODUCT_DESCRIPTION_MAX = 1000;
export const PRODUCT_PRICE_MAX = 100_000_000;
/**
 * A path of this site (/img/…; never //host or /\host, which browsers read as another host) or an
 * https:// address; no backslash anywhere. Which https hosts are allowed is the API's IMAGE_HOSTS.
 */
const IMAGE_PATTERN = /^(\/(?![/\\])|https:\/\/[^/\\?#@\s]+(\/|$))[^\s\\]*$/;
/** Right-to-left overrides and the other bidirectional controls: they make a name read as something else. */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export const noBidiControls = (value: string | undefined) => !BIDI_CONTROLS.test(value ?? '');

/** Numbers or numeric text only: a list or an object is never read as a number. */
export const strictNumber = (message: string) =>
  yup
    .number()
    .transform((value: number, original: unknown) =>
      typeof original === 'number' || (typeof original === 'string' && original.trim() !== '')
        ? value
        : original == null || original === ''
          ? undefined
          : NaN,
    )
    .typeError(message);

/**
 * A `…Centavos` field of a request: a whole number (`integerMessage` otherwise), which the
 * validated body then carries as Centavos, so no controller re-labels it.
 */
export const centavosNumber = (message: string, integerMessage = message) =>
  strictNumber(message).integer(integerMessage) as unknown as yup.NumberSchema<Centavos | undefined>;

export const productSchema = yup
  .object({
    nombre: yup
      .string()
      .trim()
      .required(m.nombreRequired)
      .max(PRODUCT_NAME_MAX, m.nombreMax)
      .test('bidi', securityMessages.bidiControl, noBidiControls),
    categoria: yup
      .array(yup.string().oneOf(CATEGORIES, m.categoriaInvalid).required(m.categoriaInvalid))
      .required(m.categoriaRequired)
      .min(1, m.categoriaRequired),
    precio: strictNumber(m.precioNumber)
      .required(m.precioRequired)
      .min(1, m.precioMin)
      .max(PRODUCT_PRICE_MAX, m.precioNumber)
      .test('centavos', m.precioCentavos, (v) => v === undefined || hasWholeCentavos(v)),
    imagen: yup
      .string()
      .trim()
      .required(m.imagenRequired)
      .max(500, m.imagenRequired)
      .matches(IMAGE_PATTERN, securityMessages.imagenUrl),
    descripcion: yup
      .string()
      .trim()
      .required(m.descripcionRequired)
      .max(PRODUCT_DESCRIPTION_MAX, m.descripcionRequired),
    portada: yup.boolean().typeError(m.portadaRequired).required(m.portadaRequired),
    talle: yup.array(yup.string().oneOf(SIZES, m.talleInvalid).required(m.talleInvalid)).default([]),
    color: yup.array(yup.string().oneOf(COLORS, m.colorInvalid).required(m.colorInvalid)).default([]),
    stock: strictNumber(m.stockRequired)
      .integer(m.stockInteger)
      .min(0, m.stockMin)
      .max(1_000_000, m.stockInteger)
      .when('variantes', {
        is: (variantes: unknown) => Array.isArray(variantes) && variantes.length > 0,
        then: (schema) => schema.optional(),
        otherwise: (schema) => schema.required(m.stockRequired),
      }),
    variantes: variantsField.optional(),
  })
  .test('variantes', m.variantesInvalid, function (product) {
    if (!product?.variantes) return true;
    const combos = variantCombos((product.talle ?? []) as Size[], (product.color ?? []) as Color[]);
    const foreign = product.variantes.some((v) => !combos.some((combo) => sameVariant(combo, v)));
    return !foreign || this.createError({ path: 'variantes', message: m.variantesInvalid });
  });

/** Every product belongs to 'all' too, so "Ver todo" lists it; lists keep no duplicates. */
export function normalizeProductInput(input: yup.InferType<typeof productSchema>): ProductInput {
  const unique = <T>(values: T[]) => [...new Set(values)];
  const categoria = unique(input.categoria);
  const talle = SIZES.filter((size) => input.talle.includes(size));
  const color = unique(input.color) as Color[];
  const variantes = input.variantes && variantGrid(talle, color, input.variantes as ProductVariant[]);
  return {
    ...input,
    categoria: categoria.includes('all') ? categoria : [...categoria, 'all'],
    talle,
    color,
    variantes,
    stock: variantes ? totalStock(variantes) : (input.stock ?? 0),
  };
}
