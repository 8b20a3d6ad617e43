import { backupStatusLine, timeAgo } from '../operations';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

test('how long ago, in the words people use', () => {
  expect(timeAgo(ago(20_000), now)).toBe('hace un momento');
  expect(timeAgo(ago(60_000), now)).toBe('hace 1 minuto');
  expect(timeAgo(ago(59 * 60_000), now)).toBe('hace 59 minutos');
  expect(timeAgo(ago(3_600_000), now)).toBe('hace 1 hora');
  expect(timeAgo(ago(23 * 3_600_000), now)).toBe('hace 23 horas');
  expect(timeAgo(ago(86_400_000), now)).toBe('hace 1 día');
  expect(timeAgo(ago(2 * 86_400_000 + 5_000), now)).toBe('hace 2 días');
});

test('the backup line warns without a proof, after a failure, and when the proof is over eight days old', () => {
  const status = (verifiedDaysAgo: number | null, failed = false) => ({
    verificado:
      verifiedDaysAgo === null
        ? null
        : { at: ago(verifiedDaysAgo * 86_400_000).toISOString(), respaldo: 'x', tablas: 3 },
    fallido: failed ? { at: ago(3_600_000).toISOString(), error: 'no restauró' } : null,
    ultimoRespaldo: null,
    ultimaBase: null,
  });
  const todo =
    'Qué hacer: en el servidor, corré make backup y después make drill (si algo falla, el detalle está en make logs SERVICE=backup), o avisale a quien mantiene el sistema.';
  expect(backupStatusLine(status(2), now)).toEqual({
    text: 'Último respaldo verificado: hace 2 días',
    warn: false,
    todo: null,
  });
  expect(backupStatusLine(status(9), now)).toEqual({
    text: 'Último respaldo verificado: hace 9 días',
    warn: true,
    todo,
  });
  expect(backupStatusLine(status(null), now)).toEqual({
    text: 'Todavía no hay un respaldo verificado.',
    warn: true,
    todo,
  });
  expect(backupStatusLine(status(2, true), now)).toEqual({
    text: 'La última prueba de restauración falló hace 1 hora: no restauró',
    warn: true,
    todo,
  });
});
