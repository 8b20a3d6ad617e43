import * as yup from 'yup';
import { CATEGORIES, COLORS, SIZES, type Color, type Size } from './catalog';
import { productMessages as m } from './messages';

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
  stock: number;
  updatedAt: string;
}

export type ProductInput = Omit<Product, '_id' | 'updatedAt'>;

export const PRODUCT_NAME_MAX = 30;
export const PRODUCT_DESCRIPTION_MAX = 1000;
export const PRODUCT_PRICE_MAX = 100_000_000;
const IMAGE_PATTERN = /^(\/(?!\/)|https?:\/\/)\S+$/;

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

export const productSchema = yup.object({
  nombre: yup.string().trim().required(m.nombreRequired).max(PRODUCT_NAME_MAX, m.nombreMax),
  categoria: yup
    .array(yup.string().oneOf(CATEGORIES, m.categoriaInvalid).required(m.categoriaInvalid))
    .required(m.categoriaRequired)
    .min(1, m.categoriaRequired),
  precio: strictNumber(m.precioNumber)
    .required(m.precioRequired)
    .min(1, m.precioMin)
    .max(PRODUCT_PRICE_MAX, m.precioNumber),
  imagen: yup
    .string()
    .trim()
    .required(m.imagenRequired)
    .max(500, m.imagenRequired)
    .matches(IMAGE_PATTERN, m.imagenRequired),
  descripcion: yup.string().trim().required(m.descripcionRequired).max(PRODUCT_DESCRIPTION_MAX, m.descripcionRequired),
  portada: yup.boolean().typeError(m.portadaRequired).required(m.portadaRequired),
  talle: yup.array(yup.string().oneOf(SIZES, m.talleInvalid).required(m.talleInvalid)).default([]),
  color: yup.array(yup.string().oneOf(COLORS, m.colorInvalid).required(m.colorInvalid)).default([]),
  stock: strictNumber(m.stockRequired)
    .required(m.stockRequired)
    .integer(m.stockInteger)
    .min(0, m.stockMin)
    .max(1_000_000, m.stockInteger),
});

/** Every product belongs to 'all' too, so "Ver todo" lists it; lists keep no duplicates. */
export function normalizeProductInput(input: yup.InferType<typeof productSchema>): ProductInput {
  const unique = <T>(values: T[]) => [...new Set(values)];
  const categoria = unique(input.categoria);
  return {
    ...input,
    categoria: categoria.includes('all') ? categoria : [...categoria, 'all'],
    talle: SIZES.filter((size) => input.talle.includes(size)),
    color: unique(input.color) as Color[],
  };
}
