import { spreadStock } from '@gym/contracts/variants';
import type { DashboardFigures } from '@gym/contracts/memberships';
import type { Product } from '@gym/contracts/products';
import type { SiteInfo } from '@gym/contracts/site';
import { centavos } from '@gym/contracts/money';

/** GET /v1/site as a configured gym answers it. */
export const aSiteInfo = (overrides: Partial<SiteInfo> = {}): SiteInfo => ({
  weather: false,
  social: { instagram: null, facebook: null, whatsapp: null },
  pickup: { address: 'Congreso 250, San Miguel de Tucumán', hours: 'en recepción, de lunes a viernes de 9 a 20' },
  receipt: { email: 'pagos@gimnasio.com.ar', whatsapp: '5493815550123' },
  mercadoPago: false,
  ...overrides,
});

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

/** GET /v1/desk/dashboard: a gym with members in every state and income this month and last. */
export const aDashboard = (overrides: Partial<DashboardFigures> = {}): DashboardFigures => ({
  today: '2026-11-23',
  activas: 8,
  porVencer: 3,
  vencidas: 3,
  pausadas: 1,
  sinApto: 4,
  nuevosClientes: 2,
  comprobantes: 2,
  ingresos: {
    // $ 8.700: cuotas $ 6.000 and tienda $ 2.700; last month $ 3.500, all cuotas.
    mes: {
      porMetodo: {
        efectivo: { cuotasCentavos: centavos(400_000), tiendaCentavos: centavos(100_000) },
        transferencia: { cuotasCentavos: centavos(80_000), tiendaCentavos: centavos(170_000) },
        tarjeta: { cuotasCentavos: centavos(0), tiendaCentavos: centavos(0) },
        mercadopago: { cuotasCentavos: centavos(120_000), tiendaCentavos: centavos(0) },
      },
      cuotasCentavos: centavos(600_000),
      tiendaCentavos: centavos(270_000),
      totalCentavos: centavos(870_000),
    },
    mesAnterior: {
      porMetodo: {
        efectivo: { cuotasCentavos: centavos(200_000), tiendaCentavos: centavos(0) },
        transferencia: { cuotasCentavos: centavos(0), tiendaCentavos: centavos(0) },
        tarjeta: { cuotasCentavos: centavos(150_000), tiendaCentavos: centavos(0) },
        mercadopago: { cuotasCentavos: centavos(0), tiendaCentavos: centavos(0) },
      },
      cuotasCentavos: centavos(350_000),
      tiendaCentavos: centavos(0),
      totalCentavos: centavos(350_000),
    },
  },
  ultimoRecordatorio: null,
  correosEnEspera: 0,
  ...overrides,
});
