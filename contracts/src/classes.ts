import * as yup from 'yup';
import { agreeing, countOf, formatCount } from './format';
import { formatDay } from './format-dates';
import { addDays, type IsoDate } from './membership-dates';

/** Classes people book (issue 28): the disciplines with a timetable. Free use (libre) has no places to book. */
export const CLASS_DISCIPLINES = ['boxeo', 'yoga'] as const;
export type ClassDiscipline = (typeof CLASS_DISCIPLINES)[number];
export const disciplineLabels: Record<ClassDiscipline, string> = { boxeo: 'Boxeo', yoga: 'Yoga' };

/**
 * The spec's timetable (§2), Monday to Saturday: the seed of the weekly slots. Each hour is a
 * class of its own on each day (weekday 1 = Monday, ISO).
 */
export const SPEC_TIMETABLE: Record<ClassDiscipline, { starts: string; ends: string }[]> = {
  boxeo: [
    { starts: '14:00', ends: '16:00' },
    { starts: '16:00', ends: '18:00' },
    { starts: '18:00', ends: '20:00' },
  ],
  yoga: [
    { starts: '09:00', ends: '11:00' },
    { starts: '13:00', ends: '15:00' },
    { starts: '16:00', ends: '18:00' },
  ],
};
export const CLASS_WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;
export const DEFAULT_CLASS_CAPACITY = 20;
export const CLASS_ROOMS: Record<ClassDiscipline, string> = { boxeo: 'Salón de boxeo', yoga: 'Salón de yoga' };
/** Who leads each discipline's classes in the seed (one of the trainers of migration 0004_plans_clients_shifts). */
export const SPEC_COACHES: Record<ClassDiscipline, string> = { boxeo: 'Diego Sosa', yoga: 'Carla Ruiz' };

/** The weekly slots of the spec's timetable, as the migration and the seed insert them. */
export function specSlots() {
  return CLASS_DISCIPLINES.flatMap((discipline) =>
    CLASS_WEEKDAYS.flatMap((weekday) =>
      SPEC_TIMETABLE[discipline].map(({ starts, ends }) => ({
        discipline,
        weekday,
        starts,
        ends,
        room: CLASS_ROOMS[discipline],
        capacity: DEFAULT_CLASS_CAPACITY,
        coach: SPEC_COACHES[discipline],
      })),
    ),
  );
}

/** Which plan covers which discipline in the demo and in a database whose plans are named so. */
export const PLAN_NAME_DISCIPLINE: Record<string, ClassDiscipline> = { BOXEO: 'boxeo', YOGA: 'yoga' };

/** Sessions exist this many days ahead. */
export const CLASS_SESSION_DAYS = 14;

/** The booking rules, each a setting the owner may change (class_rules). */
export interface ClassRules {
  /** Booking opens this many days before the class. */
  daysAhead: number;
  /** Cancelling is free until this many hours before; later it counts as late. */
  freeCancelHours: number;
  /** Bookings a week per member when their plan sets none. */
  weeklyLimit: number;
}
export const DEFAULT_CLASS_RULES: ClassRules = { daysAhead: 7, freeCancelHours: 2, weeklyLimit: 3 };

/**
 * A check-in at the door marks a booked class attended only within its window: from this many
 * minutes before the class starts until it ends (a 07:30 entry leaves the 14:00 class booked).
 */
export const ATTENDANCE_WINDOW_MINUTES_BEFORE = 30;

export const BOOKING_STATUSES = ['reservada', 'espera', 'cancelada', 'asistio', 'ausente'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const bookingStatusLabels: Record<BookingStatus, string> = {
  reservada: 'Reservada',
  espera: 'En lista de espera',
  cancelada: 'Cancelada',
  asistio: 'Asistió',
  ausente: 'No vino',
};

/** A class on a date, as the desk, the portal and the public see it. */
export interface ClassSession {
  id: string;
  discipline: ClassDiscipline;
  day: IsoDate;
  starts: string;
  ends: string;
  startsAt: string;
  room: string;
  coach: string | null;
  capacity: number;
  booked: number;
  waiting: number;
  status: 'programada' | 'cancelada';
  cancelReason: string | null;
}

export interface ClassBooking {
  id: string;
  sessionId: string;
  idUsuario: string;
  nombre: string;
  status: BookingStatus;
  /** 1 for the first in the waiting list; null when not waiting. */
  position: number | null;
  lateCancel: boolean;
  createdAt: string;
}

/** The portal's *Mis clases*: the sessions the member may book, and their own bookings. */
export interface MemberClasses {
  sessions: (ClassSession & { mine: { id: string; status: BookingStatus; position: number | null } | null })[];
  /** Why nothing can be booked (no plan with classes, a lapsed membership, no apto), or null. */
  blocked: string | null;
}

/** A class's places as the desk reads them, in agreement with the total: "1 de 1 lugar", "2 de 10 lugares". */
export const placesText = (booked: number, capacity: number) =>
  `${formatCount(booked)} de ${countOf(capacity, 'lugar', 'lugares')}`;

export const classMessages = {
  sessionNotFound: 'La clase no existe',
  sessionCancelled: 'La clase está suspendida',
  sessionStarted: 'La clase ya empezó',
  notOpenYet: (days: number) => `Las reservas abren ${countOf(days, 'día', 'días')} antes de la clase`,
  alreadyBooked: 'Ya tenés un lugar o estás en la lista de espera de esta clase',
  clientAlreadyBooked: 'El cliente ya tiene un lugar o está en la lista de espera de esta clase',
  planNotCovering: 'Tu plan no incluye esta clase',
  clientPlanNotCovering: 'El plan del cliente no incluye esta clase',
  membershipLapsed: 'Tu membresía no está al día para esa fecha: renovala para reservar',
  clientMembershipLapsed: 'La membresía del cliente no está al día para esa fecha',
  noApto: 'Necesitás el apto físico vigente para reservar: traelo a recepción',
  clientNoApto: 'El cliente no tiene el apto físico vigente',
  weeklyLimit: (limit: number) => `Llegaste al máximo de ${countOf(limit, 'clase', 'clases')} por semana de tu plan`,
  clientWeeklyLimit: (limit: number) =>
    `El cliente llegó al máximo de ${countOf(limit, 'clase', 'clases')} por semana de su plan`,
  booked: 'Listo: tenés tu lugar',
  waiting: (position: number) => `La clase está llena: quedaste en la lista de espera (puesto ${position})`,
  bookingNotFound: 'La reserva no existe',
  cancelled: 'Listo, el lugar quedó libre',
  lateCancelled: (hours: number) =>
    `Cancelaste el lugar. Como faltaban menos de ${countOf(hours, 'hora', 'horas')}, cuenta como cancelación tardía.`,
  clientNotFound: 'El cliente no existe',
  noClassesInPlan: 'Tu plan no incluye clases con reserva. Si querés sumar boxeo o yoga, consultá en recepción.',
  notHolding: 'Esa reserva no tiene un lugar en la clase',
  notStartedYet: 'La asistencia se marca cuando la clase ya empezó',
  notMarked: 'Esa reserva no tiene asistencia marcada para deshacer',
  dayInvalid: 'Elegí un día de hoy en adelante (hasta 60 días)',
  noClassesThatDay: 'Ese día no hay clases por delante para suspender',
  daySuspended: (classes: number, told: number) =>
    `${agreeing(classes, 'Se suspendió', 'Se suspendieron')} ${countOf(classes, 'clase', 'clases')}. ${
      told === 0 ? 'No había nadie anotado.' : `Avisamos por e-mail a ${countOf(told, 'persona', 'personas')}.`
    }`,
  suspended: (told: number) =>
    told === 0
      ? 'Clase suspendida. No había nadie anotado.'
      : `Clase suspendida. Avisamos por e-mail a ${told} ${told === 1 ? 'persona' : 'personas'}.`,
  alreadyCancelled: 'La reserva ya estaba cancelada',
  reasonRequired: 'Escribí el motivo (entre 3 y 200 caracteres)',
  sessionAlreadyCancelled: 'La clase ya estaba suspendida',
};

/** The e-mail to the first in the waiting list when a place frees up. */
export const promotedText = (nombre: string, discipline: ClassDiscipline, day: IsoDate, starts: string) =>
  `Hola ${nombre}: se liberó un lugar y ya tenés tu reserva de ${disciplineLabels[discipline]} del ${formatDay(day)} a las ${starts}. Si no podés ir, cancelala desde tu cuenta para dejarle el lugar a otra persona.`;

/** The e-mail to the booked when a session is suspended. */
export const sessionCancelledText = (
  nombre: string,
  discipline: ClassDiscipline,
  day: IsoDate,
  starts: string,
  motivo: string,
) =>
  `Hola ${nombre}: la clase de ${disciplineLabels[discipline]} del ${formatDay(day)} a las ${starts} se suspende (${motivo}). Tu reserva quedó cancelada sin costo.`;

export const classCancelSchema = yup.object({
  motivo: yup
    .string()
    .trim()
    .required(classMessages.reasonRequired)
    .min(3, classMessages.reasonRequired)
    .max(200, classMessages.reasonRequired),
});

/** The Monday of a day's week (weekly limits count Monday to Sunday). */
export function weekStart(day: IsoDate): IsoDate {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
  return addDays(day, 1 - weekday);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: IsoDate): number => new Date(`${day}T12:00:00Z`).getUTCDay() || 7;

/** A DNI as people type it ("30.123.456"): digits only. */
export const normalizeDni = (raw: string): string => raw.replace(/[\s.-]/g, '');
export const DNI_PATTERN = /^\d{7,8}$/;

/** The door (/admin/ingreso): how the person was found, and what the desk sees. */
export const CHECKIN_CHANNELS = ['qr', 'dni', 'busqueda'] as const;
export type CheckinChannel = (typeof CHECKIN_CHANNELS)[number];

export interface CheckinResult {
  allowed: boolean;
  /**
   * The amber answer (anti-passback): the member already came in within DOOR_REPEAT_MINUTES
   * ("Ya ingresó hoy a las 10:05"); the desk decides. Kept as a repeat: not a visit, not attendance again.
   */
  repeat: boolean;
  /** The reason in one line: "Al día: pagada hasta el…", "Vencida desde el…", "Sin apto físico"… */
  reason: string;
  cliente: { idUsuario: string; nombre: string; plan: string | null } | null;
  /** Today's booking it marked *asistió*, if any. */
  clase: { discipline: ClassDiscipline; starts: string } | null;
  at: string;
}

export const checkinMessages = {
  alDia: (until: IsoDate) => `Al día: pagada hasta el ${formatDay(until)}`,
  vencida: (since: IsoDate) => `Vencida desde el ${formatDay(since)}`,
  pausada: (since: IsoDate | null) => (since ? `Pausada desde el ${formatDay(since)}` : 'Pausada'),
  sinPagos: 'Sin pagos registrados',
  sinApto: 'Sin apto físico',
  aptoVencido: (on: IsoDate) => `Apto físico vencido el ${formatDay(on)}`,
  /** The amber answer: `time` is HH:MM in Tucumán, 24 h, of the entry that counted. */
  yaIngreso: (time: string) => `Ya ingresó hoy a las ${time}`,
  qrInvalid: 'El código QR no es del gimnasio o está dañado',
  qrExpired: 'El código QR venció: pedile que abra de nuevo su cuenta en el celular',
  dniInvalid: 'Escribí un DNI de 7 u 8 números, sin puntos',
  dniNotFound: 'No hay ningún cliente con ese DNI',
  dniTaken: 'Ese DNI ya es de otro cliente',
  clientNotFound: 'El cliente no existe',
  channelInvalid: 'Indicá el código QR, el DNI o el cliente',
};

/** A weekly slot as the owner edits it on /admin/clases. */
export interface ClassSlot {
  id: number;
  discipline: ClassDiscipline;
  weekday: number;
  starts: string;
  ends: string;
  room: string;
  capacity: number;
  trainerId: number | null;
  coach: string | null;
  active: boolean;
}

/** /admin/clases' settings: the slots, the rules, and which plan covers what. */
export interface ClassSetup {
  slots: ClassSlot[];
  rules: ClassRules;
  plans: { idPlan: number; nombrePlan: string; disciplines: ClassDiscipline[]; weeklyLimit: number | null }[];
  trainers: { id: number; nombre: string }[];
}

/** A session with its list, for the desk and the coach. */
export interface ClassSessionDetail {
  session: ClassSession;
  bookings: ClassBooking[];
}

/** What cancelling a place did: who got the place, with a WhatsApp link for the desk to tell them too. */
export interface CancelResult {
  message: string;
  promoted: { idUsuario: string; nombre: string; whatsappUrl: string | null } | null;
}

export const weekdayLabels: Record<number, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

export const classSetupMessages = {
  slotNotFound: 'El horario no existe',
  slotTaken: 'Ya hay un horario de esa disciplina ese día a esa hora',
  slotSaved: 'Horario guardado',
  rulesSaved: 'Reglas guardadas',
  planSaved: 'Clases del plan guardadas',
  planNotFound: 'El plan no existe',
  trainerNotFound: 'El entrenador no existe',
  time: 'Escribí la hora como 14:00',
  endsAfter: 'La hora de fin tiene que ser posterior a la de inicio',
  capacity: 'El cupo va de 1 a 200 personas',
  room: 'Escribí la sala (hasta 40 caracteres)',
  weekday: 'Elegí el día de la semana',
  discipline: 'Elegí la disciplina',
  daysAhead: 'Las reservas pueden abrir de 1 a 14 días antes',
  freeCancelHours: 'La cancelación sin costo va de 0 a 48 horas antes',
  weeklyLimit: 'El máximo por semana va de 1 a 14 clases',
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const cs = classSetupMessages;
/** A whole number from `min` to `max`, with one message for every way it can be wrong. */
const wholeNumber = (min: number, max: number, message: string) =>
  yup.number().typeError(message).integer(message).min(min, message).max(max, message);

export const classSlotSchema = yup.object({
  discipline: yup
    .string()
    .required(cs.discipline)
    .oneOf([...CLASS_DISCIPLINES], cs.discipline),
  weekday: wholeNumber(1, 7, cs.weekday).required(cs.weekday),
  starts: yup.string().required(cs.time).matches(TIME, cs.time),
  ends: yup
    .string()
    .required(cs.time)
    .matches(TIME, cs.time)
    .test('after', cs.endsAfter, function (ends) {
      const starts = this.parent.starts as unknown;
      return typeof starts !== 'string' || !ends || ends > starts;
    }),
  room: yup.string().trim().required(cs.room).max(40, cs.room),
  capacity: wholeNumber(1, 200, cs.capacity).required(cs.capacity),
  trainerId: yup.number().integer().positive().nullable().default(null),
  active: yup.boolean().default(true),
});

/** An existing slot keeps its discipline, day and hours (booked sessions hang on them): a new hour is a new slot. */
export const classSlotEditSchema = classSlotSchema.pick(['room', 'capacity', 'trainerId', 'active']);

/** The public timetable: the active slots, for the class pages. */
export type PublicSlot = Pick<ClassSlot, 'discipline' | 'weekday' | 'starts' | 'ends'>;

export const classRulesSchema = yup.object({
  daysAhead: wholeNumber(1, 14, cs.daysAhead).required(cs.daysAhead),
  freeCancelHours: wholeNumber(0, 48, cs.freeCancelHours).required(cs.freeCancelHours),
  weeklyLimit: wholeNumber(1, 14, cs.weeklyLimit).required(cs.weeklyLimit),
});

export const planDisciplinesSchema = yup.object({
  disciplines: yup
    .array(
      yup
        .string()
        .required()
        .oneOf([...CLASS_DISCIPLINES], cs.discipline),
    )
    .required(cs.discipline),
  weeklyLimit: wholeNumber(1, 14, cs.weeklyLimit).nullable().default(null),
});

export const deskBookingSchema = yup.object({
  idUsuario: yup.string().trim().required('Elegí el cliente').max(64, 'Elegí el cliente'),
});

export const attendanceSchema = yup.object({
  asistio: yup.boolean().typeError('Indicá si asistió').required('Indicá si asistió'),
});

export const dniSchema = yup.object({
  dni: yup
    .string()
    .nullable()
    .default(null)
    .transform((v: unknown) => (typeof v === 'string' ? normalizeDni(v) || null : v))
    .matches(DNI_PATTERN, { message: checkinMessages.dniInvalid, excludeEmptyString: true }),
});

/** One check-in at the door, as the desk's list shows it. */
export interface CheckinEntry {
  id: string;
  at: string;
  idUsuario: string | null;
  nombre: string | null;
  channel: CheckinChannel;
  allowed: boolean;
  /** A second entry within DOOR_REPEAT_MINUTES, shown amber: not counted as a visit. */
  repeat: boolean;
  reason: string;
}

export const checkinChannelLabels: Record<CheckinChannel, string> = { qr: 'QR', dni: 'DNI', busqueda: 'Búsqueda' };

/** A client's classes on their page: DNI, how often they came, missed or cancelled late, and the latest. */
export interface ClientClasses {
  /** Only to a role that may use the door or set DNIs (`clases.gestionar`); absent for the rest. */
  dni?: string | null;
  asistencias: number;
  ausencias: number;
  tardias: number;
  ultimas: {
    id: string;
    discipline: ClassDiscipline;
    day: IsoDate;
    starts: string;
    status: BookingStatus;
    lateCancel: boolean;
  }[];
}

/** The dashboard's classes: today's door and each of today's sessions. */
export interface ClassesToday {
  ingresos: number;
  rechazados: number;
  sesiones: ClassSession[];
}

/** /admin/clases: how full each slot ran over the last 4 weeks. */
export interface SlotOccupancy {
  slotId: number;
  discipline: ClassDiscipline;
  weekday: number;
  starts: string;
  sessions: number;
  capacity: number;
  /** Average places held and attended per session. */
  booked: number;
  attended: number;
}
export const OCCUPANCY_WEEKS = 4;
