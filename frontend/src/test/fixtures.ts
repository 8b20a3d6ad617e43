import { spreadStock, type Product } from '@gym/contracts';

/** A product whose `variantes` follow its sizes, colours and stock unless given. */
export const aProduct = (overrides: Partial<Product> = {}): Product => {
  const product = {
    _id: '3f1c2a8e-6f4b-4d21-9a55-0c7e2b1d9f10',
    nombre: 'Remera Dry Fit',
    categoria: ['indumentaria', 'all'],
    precio: 1400,
    imagen: '/img/productos/remera-dry-fit.svg',
    descripcion: 'Remera de entrenamiento de secado rápido.',
    portada: true,
    talle: ['s', 'm', 'l'],
    color: ['azul', 'negro'],
    stock: 10,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } satisfies Omit<Product, 'variantes'>;
  return { ...product, variantes: overrides.variantes ?? spreadStock(product.talle, product.color, product.stock) };
};
