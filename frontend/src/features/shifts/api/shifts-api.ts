import type { ShiftChange, ShiftRow } from '@gym/contracts/shifts';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export const listShifts = (signal?: AbortSignal) => api.get('turnos', { signal }).json<ShiftRow[]>();

export const listTrainers = (signal?: AbortSignal) => api.get('entrenadores', { signal }).json<string[]>();

export const changeShift = (idUsuario: string, change: ShiftChange) =>
  changing(
    ['shifts', 'clients'],
    api.put(`turnos/${encodeURIComponent(idUsuario)}`, { json: change }).json<ShiftRow>(),
  );
