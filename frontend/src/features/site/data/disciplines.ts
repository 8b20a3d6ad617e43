import type { CarouselSlide } from '@/components/carousel';
import { paths } from '@/config/paths';
import { openingHoursColumns } from './opening-hours';

export type DisciplineId = 'boxeo' | 'yoga' | 'libre';

/** SPEC §2: the timetable's three columns. */
export const TIMETABLE_DAYS = ['Lunes–Martes', 'Miércoles–Jueves', 'Viernes–Sábado'] as const;

export interface TimetableRow {
  label: string;
  hours: readonly [string, string, string];
}

export interface Discipline {
  id: DisciplineId;
  name: string;
  tagline: string;
  slides: readonly CarouselSlide[];
  aboutTitle: string;
  about: readonly string[];
  benefits: readonly string[];
  timetable: readonly TimetableRow[];
}

const everyDay = (label: string, hours: string): TimetableRow => ({ label, hours: [hours, hours, hours] });

export const disciplines: Record<DisciplineId, Discipline> = {
  boxeo: {
    id: 'boxeo',
    name: 'Boxeo',
    aboutTitle: '¿Qué es el boxeo?',
    tagline: 'Técnica, potencia y cardio en cada round.',
    slides: [
      {
        image: '/img/site/boxeo-1.svg',
        alt: 'Boxeador golpeando una bolsa pesada',
        title: 'Boxeo para todos los niveles',
        text: 'Guardia, golpes y desplazamientos desde la primera clase.',
      },
      {
        image: '/img/site/boxeo-2.svg',
        alt: 'Par de guantes de boxeo colgados',
        title: 'Guantes de préstamo',
        text: 'Tus primeras clases, con nuestros guantes y vendas.',
      },
      {
        image: '/img/site/boxeo-3.svg',
        alt: 'Dos boxeadores haciendo sparring en el ring',
        title: 'Subí al ring',
        text: 'Sparring controlado para quienes quieren ir por más.',
      },
    ],
    about: [
      'El boxeo combina técnica, coordinación y resistencia. Cada clase arranca con una entrada en calor, sigue con trabajo de técnica en sombra, bolsa y manoplas, y cierra con ejercicios de fuerza y estiramiento.',
      'No hace falta experiencia: los grupos se arman por nivel y el contacto es siempre voluntario.',
    ],
    benefits: [
      'Mejora la resistencia cardiovascular y quema calorías.',
      'Fortalece brazos, hombros, abdomen y piernas.',
      'Entrena los reflejos, la coordinación y la concentración.',
      'Descarga el estrés de la semana.',
    ],
    timetable: [
      everyDay('Turno 1', '14:00-16:00'),
      everyDay('Turno 2', '16:00-18:00'),
      everyDay('Turno 3', '18:00-20:00'),
    ],
  },
  yoga: {
    id: 'yoga',
    name: 'Yoga',
    aboutTitle: '¿Qué es el yoga?',
    tagline: 'Fuerza, equilibrio y calma en un mismo lugar.',
    slides: [
      {
        image: '/img/site/yoga-1.svg',
        alt: 'Persona en la postura del árbol al amanecer',
        title: 'Yoga para cuerpo y mente',
        text: 'Posturas, respiración y relajación guiadas paso a paso.',
      },
      {
        image: '/img/site/yoga-2.svg',
        alt: 'Sala de yoga con colchonetas y un gran ventanal',
        title: 'Una sala luminosa',
        text: 'Colchonetas, bloques y mantas incluidos en cada clase.',
      },
      {
        image: '/img/site/yoga-3.svg',
        alt: 'Persona meditando en posición de loto',
        title: 'Respirá, soltá',
        text: 'Cerramos cada práctica con meditación y estiramiento.',
      },
    ],
    about: [
      'Practicamos hatha y vinyasa yoga en grupos reducidos. Cada clase combina posturas, ejercicios de respiración y un momento final de relajación.',
      'Es para cualquier edad y condición física: los instructores proponen variantes para cada cuerpo.',
    ],
    benefits: [
      'Gana flexibilidad y movilidad articular.',
      'Mejora la postura y alivia dolores de espalda.',
      'Fortalece el core y el equilibrio.',
      'Reduce el estrés y ayuda a dormir mejor.',
    ],
    timetable: [
      everyDay('Mañana', '09:00-11:00'),
      everyDay('Mediodía', '13:00-15:00'),
      everyDay('Tarde', '16:00-18:00'),
    ],
  },
  libre: {
    id: 'libre',
    name: 'Musculación libre',
    aboutTitle: '¿Qué es el pase libre?',
    tagline: 'La sala es tuya: pesas, máquinas y zona aeróbica.',
    slides: [
      {
        image: '/img/site/libre-1.svg',
        alt: 'Levantador sosteniendo una barra con discos sobre la cabeza',
        title: 'Entrená a tu ritmo',
        text: 'Barras, discos y máquinas de musculación de lunes a sábado.',
      },
      {
        image: '/img/site/libre-2.svg',
        alt: 'Zona aeróbica con una cinta y una bicicleta fija',
        title: 'Zona aeróbica',
        text: 'Remos, bicicletas y cintas para tu trabajo de cardio.',
      },
      {
        image: '/img/site/libre-3.svg',
        alt: 'Rack de mancuernas en la sala de musculación',
        title: 'Rutina a tu medida',
        text: 'Un profe de sala te arma el plan y lo ajusta cada mes.',
      },
    ],
    about: [
      'El pase libre te da acceso a toda la sala de musculación y a la zona aeróbica en el horario que más te convenga.',
      'Siempre hay un profe de sala para armarte la rutina, corregir la técnica y acompañarte en tus objetivos.',
    ],
    benefits: [
      'Aumenta la fuerza y la masa muscular.',
      'Protege las articulaciones y fortalece los huesos.',
      'Acelera el metabolismo.',
      'Horario amplio: venís cuando podés.',
    ],
    timetable: [{ label: 'Horario', hours: openingHoursColumns }],
  },
};

export interface Plan {
  id: DisciplineId;
  name: string;
  features: readonly string[];
  path: string;
}

/** SPEC §2: every class page ends with these three plans. */
export const plans: readonly Plan[] = [
  {
    id: 'boxeo',
    name: 'Plan Boxeo',
    features: ['3 clases por semana', 'Guantes y vendas de préstamo', 'Grupos por nivel'],
    path: paths.boxeo,
  },
  {
    id: 'yoga',
    name: 'Plan Yoga',
    features: ['Clases de 2 horas', 'Colchonetas y bloques incluidos', 'Grupos reducidos'],
    path: paths.yoga,
  },
  {
    id: 'libre',
    name: 'Plan Gym',
    features: ['Sala libre de lunes a sábado', 'Rutina personalizada', 'Zona aeróbica incluida'],
    path: paths.libre,
  },
];
