import type { CarouselSlide } from '@/components/carousel';
import { paths } from '@/config/paths';

export const homeSlides: readonly CarouselSlide[] = [
  {
    image: '/img/site/boxeo-1.svg',
    alt: 'Boxeador golpeando una bolsa pesada',
    title: 'Boxeo',
    text: 'Técnica, potencia y cardio con profes que saben de ring.',
    cta: { to: paths.boxeo, label: 'Ver horarios de boxeo' },
  },
  {
    image: '/img/site/yoga-1.svg',
    alt: 'Persona en la postura del árbol al amanecer',
    title: 'Yoga',
    text: 'Flexibilidad, equilibrio y calma, en grupos reducidos.',
    cta: { to: paths.yoga, label: 'Ver horarios de yoga' },
  },
  {
    image: '/img/site/libre-1.svg',
    alt: 'Levantador sosteniendo una barra con discos sobre la cabeza',
    title: 'Musculación libre',
    text: 'Pesas, máquinas y zona aeróbica de lunes a sábado.',
    cta: { to: paths.libre, label: 'Ver horarios de la sala' },
  },
];
