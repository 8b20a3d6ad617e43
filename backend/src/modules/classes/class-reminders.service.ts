import { disciplineLabels } from '@gym/contracts/classes';
import { addDays, tucumanDayStart, tucumanToday } from '@gym/contracts/membership-dates';
import type { Clock } from '../../clock';
import { firstName } from '../../shared/ids';
import type { MessagingService } from '../messaging';
import type { BookingsRepository } from './bookings.repository';

/** From this hour (Tucumán) the evening reminder goes out; earlier runs of the job wait for it. */
export const CLASS_REMINDER_HOUR = 18;

/**
 * The evening before a class (issue 46): each member holding a place in a class of tomorrow who
 * opted in gets the `clase_de_manana` WhatsApp template, once per booking (its key), however many
 * times the job runs. Without WhatsApp, or for a member who did not opt in, nothing is sent.
 */
export function createClassRemindersService(deps: {
  bookings: Pick<BookingsRepository, 'heldOn'>;
  /** The names of these clients (the clients' module). */
  names: (ids: readonly string[]) => Promise<Map<string, string>>;
  whatsapp: Pick<MessagingService, 'queueWhatsapp' | 'configured'>;
  clock: Clock;
}) {
  return {
    async remindTomorrow(): Promise<{ manana?: string; reservas?: number; encolados?: number; omitido?: string }> {
      if (!deps.whatsapp.configured()) return { omitido: 'WhatsApp sin configurar' };
      const now = deps.clock.now();
      const today = tucumanToday(now);
      if (now.getTime() < tucumanDayStart(today).getTime() + CLASS_REMINDER_HOUR * 3_600_000)
        return { omitido: `antes de las ${CLASS_REMINDER_HOUR}` };
      const tomorrow = addDays(today, 1);
      const places = await deps.bookings.heldOn(tomorrow);
      const names = await deps.names(places.map((p) => p.idUsuario));
      let queued = 0;
      for (const place of places) {
        const nombre = names.get(place.idUsuario);
        if (!nombre) continue;
        const outcome = await deps.whatsapp.queueWhatsapp({
          clientId: place.idUsuario,
          template: 'clase_de_manana',
          params: [firstName(nombre), disciplineLabels[place.discipline], place.starts],
          key: `clase_de_manana:${place.id}`,
        });
        if (outcome.queued && !outcome.duplicate) queued++;
      }
      return { manana: tomorrow, reservas: places.length, encolados: queued };
    },
  };
}
