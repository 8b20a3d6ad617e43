import type {
  CancelResult,
  CheckinEntry,
  CheckinResult,
  ClassesToday,
  ClientClasses,
  SlotOccupancy,
  ClassRules,
  ClassSession,
  ClassSessionDetail,
  ClassSetup,
  MemberClasses,
} from '@gym/contracts/classes';
import type { MembersAtRiskPage } from '@gym/contracts/retention';
import { api } from '@/api/client';

export interface BookingAnswer {
  id: string;
  status: 'reservada' | 'espera';
  position: number | null;
  message: string;
}

// The member's own (portal).
export const getMemberClasses = (signal?: AbortSignal) => api.get('socio/clases', { signal }).json<MemberClasses>();
export const bookAsMember = (sessionId: string) =>
  api.post(`socio/clases/${encodeURIComponent(sessionId)}/reserva`).json<BookingAnswer>();
export const cancelAsMember = (bookingId: string) =>
  api.post(`socio/reservas/${encodeURIComponent(bookingId)}/cancelar`).json<CancelResult>();

// The desk and the coach.
export const listSessions = (desde: string, dias: number, signal?: AbortSignal) =>
  api
    .get('clases/sesiones', { searchParams: { desde, dias }, signal })
    .json<{ sesiones: ClassSession[] }>()
    .then((r) => r.sesiones);
export const getSession = (id: string, signal?: AbortSignal) =>
  api.get(`clases/sesiones/${encodeURIComponent(id)}`, { signal }).json<ClassSessionDetail>();
export const bookClient = (sessionId: string, idUsuario: string) =>
  api.post(`clases/sesiones/${encodeURIComponent(sessionId)}/reservas`, { json: { idUsuario } }).json<BookingAnswer>();
export const cancelBooking = (bookingId: string) =>
  api.post(`clases/reservas/${encodeURIComponent(bookingId)}/cancelar`).json<CancelResult>();
export const markAttendance = (bookingId: string, asistio: boolean) =>
  api.post(`clases/reservas/${encodeURIComponent(bookingId)}/asistencia`, { json: { asistio } }).json();
/** Takes back an attendance mark (the door's or staff's): the place is booked again. */
export const undoAttendance = (bookingId: string) =>
  api.delete(`clases/reservas/${encodeURIComponent(bookingId)}/asistencia`).json();
export const suspendSession = (sessionId: string, motivo: string) =>
  api
    .post(`clases/sesiones/${encodeURIComponent(sessionId)}/suspender`, { json: { motivo } })
    .json<{ message: string }>();

export const suspendDay = (dia: string, motivo: string) =>
  api.post(`clases/dias/${dia}/suspender`, { json: { motivo } }).json<{ message: string }>();

// The owner's settings.
export const getSetup = (signal?: AbortSignal) => api.get('clases/configuracion', { signal }).json<ClassSetup>();
export const editSlot = (
  id: number,
  slot: { room: string; capacity: number; trainerId: number | null; active: boolean },
) => api.put(`clases/horarios/${id}`, { json: slot }).json<ClassSetup>();
export const createSlot = (slot: {
  discipline: string;
  weekday: number;
  starts: string;
  ends: string;
  room: string;
  capacity: number;
  trainerId: number | null;
}) => api.post('clases/horarios', { json: slot }).json<ClassSetup>();
export const saveRules = (rules: ClassRules) => api.put('clases/reglas', { json: rules }).json<ClassSetup>();
export const savePlanClasses = (idPlan: number, disciplines: string[], weeklyLimit: number | null) =>
  api.put(`clases/planes/${idPlan}`, { json: { disciplines, weeklyLimit } }).json<ClassSetup>();

// The door.
export type CheckinBy = { qr: string } | { dni: string } | { idUsuario: string };
export const checkIn = (by: CheckinBy) => api.post('clases/ingresos', { json: by }).json<CheckinResult>();
export const listCheckins = (signal?: AbortSignal) =>
  api
    .get('clases/ingresos', { signal })
    .json<{ ingresos: CheckinEntry[] }>()
    .then((r) => r.ingresos);
export interface FoundClient {
  idUsuario: string;
  nombre: string;
  plan: string | null;
  dni: string | null;
}
export const searchClients = (q: string) =>
  api
    .get('clases/buscar', { searchParams: { q } })
    .json<{ clientes: FoundClient[] }>()
    .then((r) => r.clientes);

// A client's page, the dashboard, the occupancy.
export const getClientClasses = (idUsuario: string, signal?: AbortSignal) =>
  api.get(`clases/clientes/${encodeURIComponent(idUsuario)}`, { signal }).json<ClientClasses>();
export const setDni = (idUsuario: string, dni: string) =>
  api.put(`clases/clientes/${encodeURIComponent(idUsuario)}/dni`, { json: { dni } }).json<{ dni: string | null }>();
export const getToday = (signal?: AbortSignal) => api.get('clases/hoy', { signal }).json<ClassesToday>();
export const getOccupancy = (signal?: AbortSignal) =>
  api
    .get('clases/ocupacion', { signal })
    .json<{ ocupacion: SlotOccupancy[] }>()
    .then((r) => r.ocupacion);

// Members who stop coming (issue 46): the panel's list and the desk's lift of a no-show block.
export const getMembersAtRisk = (signal?: AbortSignal) =>
  api.get('socios-en-riesgo', { searchParams: { limite: 20 }, signal }).json<MembersAtRiskPage>();
export const liftBookingBlock = (idUsuario: string) =>
  api.post(`clientes/${encodeURIComponent(idUsuario)}/reservas/desbloquear`).json<{ message: string }>();
/** The win-back WhatsApp message ("Te extrañamos") to a member at risk who opted in. */
export const sendWinBack = (idUsuario: string) =>
  api.post(`socios-en-riesgo/${encodeURIComponent(idUsuario)}/te-extranamos`).json<{ message: string }>();
