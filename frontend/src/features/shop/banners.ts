import type { CarouselSlide } from '../../components/carousel';
import { paths } from '../../config/paths';

const SHOP_NOW = { to: paths.category('all'), label: 'SHOP NOW' };

/** SPEC §2: three banners, each with SHOP NOW to the whole catalogue. */
export const HERO_SLIDES: CarouselSlide[] = [
  {
    image: '/img/tienda/banner-indumentaria.svg',
    alt: 'Remera deportiva naranja sobre fondo oscuro',
    title: 'Nueva temporada',
    text: 'Indumentaria liviana y respirable para entrenar con todo.',
    cta: SHOP_NOW,
  },
  {
    image: '/img/tienda/banner-entrenamiento.svg',
    alt: 'Barra con discos naranjas sobre fondo azul',
    title: 'Entrená en casa',
    text: 'Mancuernas, barras y discos para armar tu propio rincón de fuerza.',
    cta: SHOP_NOW,
  },
  {
    image: '/img/tienda/banner-boxeo.svg',
    alt: 'Par de guantes de boxeo rojo y naranja',
    title: 'Todo para el ring',
    text: 'Guantes, vendas y sogas para tus clases de boxeo.',
    cta: SHOP_NOW,
  },
];

export interface PromoBanner {
  image: string;
  alt: string;
  title: string;
  text: string;
  to: string;
  cta: string;
}

export const PROMO_BANNERS: PromoBanner[] = [
  {
    image: '/img/tienda/promo-equipos.svg',
    alt: 'Barra con dos discos',
    title: 'Equipos',
    text: 'Bancos, pesas y máquinas para tu entrenamiento.',
    to: paths.category('equipos'),
    cta: 'COMPRA EQUIPOS',
  },
  {
    image: '/img/tienda/promo-accesorios.svg',
    alt: 'Botella térmica y bolso deportivo',
    title: 'Accesorios',
    text: 'Botellas, bolsos, colchonetas y más.',
    to: paths.category('accesorios'),
    cta: 'COMPRA ACCESORIOS',
  },
];
