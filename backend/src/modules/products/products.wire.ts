import { toCentavos, toPesos, type Centavos } from '@gym/contracts/money';
import type { Product, ProductInput } from '@gym/contracts/products';

/**
 * The one place products' money changes unit: the spec's JSON shows `precio` in pesos; inside the
 * API it is centavos (docs/decisions/0008-centavos-inside-pesos-outside.md).
 */

/** A product inside the API: the spec's Product with its price in centavos. */
export interface ProductRecord extends Omit<Product, 'precio'> {
  precioCentavos: Centavos;
}

/** A product as staff send it, validated and normalized, with its price in centavos. */
export interface ProductData extends Omit<ProductInput, 'precio'> {
  precioCentavos: Centavos;
}

/** The form's pesos read as centavos. */
export const productData = ({ precio, ...input }: ProductInput): ProductData => ({
  ...input,
  precioCentavos: toCentavos(precio),
});

/** The product as the spec's JSON shows it, key for key in the order PRODUCT_JSON writes them. */
export const toWireProduct = ({ precioCentavos, ...product }: ProductRecord): Product => {
  const { _id, nombre, categoria, imagen, descripcion, portada, talle, color, updatedAt, stock, variantes } = product;
  return {
    _id,
    nombre,
    categoria,
    precio: toPesos(precioCentavos),
    imagen,
    descripcion,
    portada,
    talle,
    color,
    updatedAt,
    stock,
    variantes,
  };
};

/**
 * The same product written by PostgreSQL as JSON text (the catalogue's hot reads: the API's thread
 * neither decodes nor encodes it): `p` a products row, `g` its stock grid (`stock`, `variantes`).
 * Its `precio` is pesos as toWireProduct writes it.
 */
export const productJsonSql = (
  grid: string,
) => `(SELECT json_build_object('_id', p.id, 'nombre', p.nombre, 'categoria', p.categoria,
  'precio', p.precio_centavos::float8 / 100, 'imagen', p.imagen, 'descripcion', p.descripcion, 'portada', p.portada,
  'talle', p.talle, 'color', p.color,
  'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'stock', g.stock, 'variantes', g.variantes)::text FROM ${grid})`;
