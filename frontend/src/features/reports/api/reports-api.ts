import type { AttendanceReport, IncomeReport, MembersReport, ShopReport } from '@gym/contracts/reports';
import { api } from '@/api/client';

/** The owner's reports over time: twelve months ending with `hasta` ('aaaa-mm'). */
const report =
  <T>(path: string) =>
  (hasta: string, signal?: AbortSignal) =>
    api.get(`reportes/${path}`, { searchParams: { hasta }, signal }).json<T>();

export const getIncome = report<IncomeReport>('ingresos');
export const getMembers = report<MembersReport>('socios');
export const getAttendance = report<AttendanceReport>('asistencia');
export const getShop = report<ShopReport>('tienda');
