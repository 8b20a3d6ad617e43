import type { InferType } from 'yup';
import type { Knex } from 'knex';
import { clientMessages } from '@gym/contracts/clients';
import { shiftMessages, type shiftChangeSchema, type Shift, type ShiftRow } from '@gym/contracts/shifts';
import type { Clock } from '../../clock';
import { NotFound, ValidationFailed } from '../../shared/errors';
import type { AuditedWrite } from '../audit';
import type { ShiftsRepository } from './shifts.repository';

/** A client's new shift and trainer (by name), as the Turnos screen sends them. */
export type ShiftChange = InferType<typeof shiftChangeSchema>;

export function createShiftsService(
  shifts: ShiftsRepository,
  clock: Clock,
  write: AuditedWrite<ShiftsRepository>,
  /** The clients' setClientShift: the row is the clients', the values the shifts'. */
  setClientShift: (
    trx: Knex.Transaction,
    idUsuario: string,
    turno: Shift,
    trainerId: number,
    now: Date,
  ) => Promise<boolean>,
) {
  /** A trainer named by the admin screen; an unknown name is a 400 on the field. */
  async function trainerId(nombre: string): Promise<number> {
    const id = await shifts.trainerId(nombre);
    if (id === undefined) {
      throw new ValidationFailed(shiftMessages.entrenadorInvalid, { entrenador: shiftMessages.entrenadorInvalid });
    }
    return id;
  }

  return {
    list: () => shifts.list(),

    trainers: () => shifts.trainerNames(),

    trainerId,

    /** A new client's shift and trainer: the ones named, or else the least busy. */
    async assign(turno?: Shift, entrenador?: string): Promise<{ turno: Shift; trainerId: number }> {
      return {
        turno: turno ?? (await shifts.leastBusyShift()),
        trainerId: entrenador ? await trainerId(entrenador) : await shifts.leastBusyTrainer(),
      };
    },

    async change(idUsuario: string, input: ShiftChange): Promise<ShiftRow> {
      const before = await shifts.find(idUsuario);
      if (!before) throw new NotFound(clientMessages.notFound);
      const id = await trainerId(input.entrenador);
      return write(async (repo, record, trx) => {
        if (!(await setClientShift(trx, idUsuario, input.turno, id, clock.now())))
          throw new NotFound(clientMessages.notFound);
        const after = (await repo.find(idUsuario))!;
        await record({ entity: 'turno', entityId: idUsuario, action: 'editar', before, after });
        return after;
      });
    },
  };
}

export type ShiftsService = ReturnType<typeof createShiftsService>;
