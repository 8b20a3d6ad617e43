import { normalizeProductInput, productSchema } from '../products';
import { productMessages as m } from '../messages';
import { securityMessages } from '../security-messages';

const valid = {
  nombre: 'Remera Dry Fit',
  categoria: ['indumentaria'],
  precio: 1400,
  imagen: '/img/productos/remera-dry-fit.svg',
  descripcion: 'Remera liviana',
  portada: true,
  talle: ['m', 's'],
  color: ['azul'],
  stock: 3,
};

const firstError = async (values: object) => {
  try {
    await productSchema.validate(values);
    return null;
  } catch (err) {
    return (err as { message: string }).message;
  }
};

describe('product schema', () => {
  test('a valid product passes', async () => {
    expect(await firstError(valid)).toBeNull();
  });

  test.each([
    ['nombre missing', { nombre: '' }, m.nombreRequired],
    ['nombre of 31 characters', { nombre: 'x'.repeat(31) }, m.nombreMax],
    ['precio missing', { precio: undefined }, m.precioRequired],
    ['precio 0', { precio: 0 }, m.precioMin],
    ['precio not a number', { precio: 'caro' }, m.precioNumber],
    ['precio with fractions of a centavo', { precio: 1499.999 }, m.precioCentavos],
    ['descripcion missing', { descripcion: '' }, m.descripcionRequired],
    ['imagen missing', { imagen: '' }, m.imagenRequired],
    ['imagen with a javascript: URL', { imagen: 'javascript:alert(1)' }, securityMessages.imagenUrl],
    ['imagen read by browsers as another host', { imagen: '/\\evil.example/x.png' }, securityMessages.imagenUrl],
    ['imagen over plain http', { imagen: 'http://cdn.example/x.png' }, securityMessages.imagenUrl],
    ['a name with a right-to-left override', { nombre: 'Guantes\u202Egpj.exe' }, securityMessages.bidiControl],
    ['stock missing', { stock: undefined }, m.stockRequired],
    ['stock below 0', { stock: -1 }, m.stockMin],
    ['stock with decimals', { stock: 1.5 }, m.stockInteger],
    ['portada missing', { portada: undefined }, m.portadaRequired],
    ['no category', { categoria: [] }, m.categoriaRequired],
    ['an unknown category', { categoria: ['comida'] }, m.categoriaInvalid],
    ['an unknown size', { talle: ['xxl'] }, m.talleInvalid],
    ['an unknown colour', { color: ['verde'] }, m.colorInvalid],
  ])('%s gives its message', async (_story, change, message) => {
    expect(await firstError({ ...valid, ...change })).toBe(message);
  });

  test('nombre of exactly 30 characters, precio 1 and stock 0 are accepted', async () => {
    expect(await firstError({ ...valid, nombre: 'x'.repeat(30), precio: 1, stock: 0 })).toBeNull();
  });

  test('normalizing adds "all", orders sizes and drops duplicates', () => {
    const product = normalizeProductInput(
      productSchema.validateSync({ ...valid, talle: ['xl', 's', 's'], color: ['azul', 'azul'] }),
    );
    expect(product.categoria).toEqual(['indumentaria', 'all']);
    expect(product.talle).toEqual(['s', 'xl']);
    expect(product.color).toEqual(['azul']);
  });
});
