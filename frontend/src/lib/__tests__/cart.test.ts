import { addToCart, cartCount, cartTotal, parseStoredCart, removeFromCart } from '../cart';
import type { Product } from '@gym/contracts/products';

const remera = { _id: 'a', nombre: 'Remera', precio: 1000 } as Product;
const botella = { _id: 'b', nombre: 'Botella', precio: 2500 } as Product;

describe('cart (SPEC §4)', () => {
  test('the same product, size and colour raise the line and recompute its total', () => {
    let cart = addToCart([], { detalles: remera, talle: 'm', color: 'azul', cantidad: 2 });
    cart = addToCart(cart, { detalles: remera, talle: 'm', color: 'azul', cantidad: 3 });
    expect(cart).toEqual([{ detalles: remera, talle: 'm', color: 'azul', cantidad: 5, total: 5000 }]);
  });

  test('a line stops at what one order may take of a size and colour (10), however it is added', () => {
    let cart = addToCart([], { detalles: remera, talle: 'm', color: 'azul', cantidad: 8 });
    cart = addToCart(cart, { detalles: remera, talle: 'm', color: 'azul', cantidad: 8 });
    expect(cart).toEqual([{ detalles: remera, talle: 'm', color: 'azul', cantidad: 10, total: 10000 }]);
    expect(addToCart([], { detalles: remera, talle: 'm', color: 'azul', cantidad: 12 })[0]?.cantidad).toBe(10);
    expect(addToCart(cart, { detalles: remera, talle: 'm', color: 'azul', cantidad: 1 }, 99)[0]?.cantidad).toBe(11);
  });

  test('adding the same size and colour twice never holds more than its stock', () => {
    const item = { detalles: remera, talle: 'm', color: 'negro', cantidad: 2 };
    const once = addToCart([], item, 3);
    const twice = addToCart(once, item, 3);
    expect(twice).toHaveLength(1);
    expect(twice[0]!.cantidad).toBe(3);
  });

  test('another size or colour is a new line', () => {
    let cart = addToCart([], { detalles: remera, talle: 'm', color: 'azul', cantidad: 1 });
    cart = addToCart(cart, { detalles: remera, talle: 'l', color: 'azul', cantidad: 1 });
    cart = addToCart(cart, { detalles: remera, talle: 'l', color: 'negro', cantidad: 1 });
    cart = addToCart(cart, { detalles: botella, talle: '', color: '', cantidad: 2 });
    expect(cart).toHaveLength(4);
    expect(cartTotal(cart)).toBe(8000);
    expect(cartCount(cart)).toBe(5);
  });

  test('removing a line keeps the others', () => {
    const cart = addToCart(addToCart([], { detalles: remera, talle: 'm', color: '', cantidad: 1 }), {
      detalles: botella,
      talle: '',
      color: '',
      cantidad: 1,
    });
    expect(removeFromCart(cart, 0).map((l) => l.detalles._id)).toEqual(['b']);
  });

  test.each([null, '', 'no es json', '{"a":1}', '[{"detalles":null}]', '[1,2]'])(
    'a missing or corrupt stored cart (%p) reads as empty',
    (raw) => {
      expect(parseStoredCart(raw)).toEqual([]);
    },
  );

  test('a stored cart reads back', () => {
    const cart = addToCart([], { detalles: remera, talle: 'm', color: 'azul', cantidad: 2 });
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
  });

  test('a cart of prices with centavos totals what a person adds up', () => {
    const chico = { _id: 'a', nombre: 'Cordón', precio: 0.1 } as Product;
    const grande = { _id: 'b', nombre: 'Banda', precio: 1.1 } as Product;
    let cart = addToCart([], { detalles: chico, talle: '', color: '', cantidad: 2 });
    cart = addToCart(cart, { detalles: grande, talle: '', color: '', cantidad: 3 });
    expect(cart.map((line) => line.total)).toEqual([0.2, 3.3]);
    expect(cartTotal(cart)).toBe(3.5);
  });
});
