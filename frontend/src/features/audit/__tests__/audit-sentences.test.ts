import { AUDIT_KEYS } from '@gym/contracts/audit';
import type { AuditEntryView } from '@gym/contracts/roles';
import { auditActor, auditSentence, auditValue } from '../audit-sentences';

const read = (s: string) => s.replace(/\u00a0/g, ' ');

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  at: '2026-11-20T13:30:00.000Z',
  actor: { _id: 'a1', email: 'recepcion@gym.com', role: 'recepcion', name: 'Rita Paz' },
  entity: 'cliente',
  entityId: 'u-1',
  action: 'crear',
  before: null,
  after: null,
  requestId: 'r1',
  subject: { name: 'Ana Gómez', email: 'ana.gomez@correo.com' },
  ...over,
});
const ANA = 'Ana Gómez (ana.gomez@correo.com)';
const CARLOS = { name: 'Carlos Ruiz', email: 'carlos@gym.com' };
const CLASS = { entity: 'reserva', entityId: 'b-1', subject: undefined } as const;
const BOXEO = 'Boxeo del 26/11/2026 a las 14:00';

const CASES: [Partial<AuditEntryView>, string][] = [
  [
    { entity: 'socio', action: 'enviar_acceso', after: { canal: 'whatsapp' } },
    `Envió a ${ANA} el acceso a su portal por WhatsApp`,
  ],
  [
    { entity: 'socio', action: 'cerrar_sesiones', after: { sesiones: 2 } },
    `Cerró las sesiones del portal de ${ANA} (2 abiertas)`,
  ],
  [{ entity: 'socio', action: 'salir' }, 'Salió de su portal'],
  [
    { entity: 'membresia', action: 'enviar_recibo', after: { recibo: 'R-000042', canal: 'email' } },
    `Envió el recibo R-000042 a ${ANA} por e-mail`,
  ],
  [
    { entity: 'comprobante', action: 'subir', after: { amount: 2_500_000 } },
    'Subió un comprobante de transferencia por $ 25.000',
  ],
  [
    {
      entity: 'membresia',
      action: 'registrar_pago',
      after: {
        amount: 2_500_000,
        method: 'transferencia',
        months: 1,
        comprobante: 'c0ffee00-0000-4000-8000-000000000000',
      },
    },
    `Registró un pago de $ 25.000 (1 mes, transferencia) a ${ANA}, aprobando el comprobante que subió`,
  ],
  [
    { entity: 'comprobante', action: 'rechazar', after: { motivo: 'El monto no coincide' } },
    `Rechazó el comprobante de ${ANA}: El monto no coincide`,
  ],
  [{ entity: 'cliente', action: 'crear', after: { nombre: 'Ana Gómez' } }, `Agregó al cliente ${ANA}`],
  [
    { entity: 'cliente', action: 'editar', before: { plan: 1, celular: 1 }, after: { plan: 2, celular: 2 } },
    `Editó al cliente ${ANA}: plan, celular`,
  ],
  [
    { entity: 'cliente', action: 'borrar', subject: null, before: { nombre: 'Ana Gómez', correo: 'ana@correo.com' } },
    'Borró al cliente Ana Gómez (ana@correo.com)',
  ],
  [
    { entity: 'cliente', action: 'archivar', before: { historial: { pagos: 2, totalPagadoCentavos: 1, pedidos: 1 } } },
    `Archivó al cliente ${ANA} (tenía 2 pagos y 1 pedido)`,
  ],
  [
    {
      entity: 'cliente',
      action: 'archivar',
      before: { historial: { pagos: 0, totalPagadoCentavos: 0, pedidos: 0, clases: 1, enviosDelSocio: 1 } },
    },
    `Archivó al cliente ${ANA} (tenía 0 pagos, 0 pedidos, 1 clase o ingreso y 1 pago online o comprobante)`,
  ],
  [{ entity: 'cliente', action: 'restaurar', after: {} }, `Restauró al cliente ${ANA}`],
  [
    {
      entity: 'membresia',
      action: 'registrar_pago',
      before: { paidUntil: '2026-03-01' },
      after: { paidUntil: '2026-06-01', amount: 750000, method: 'efectivo', months: 3 },
    },
    `Registró un pago de $ 7.500 (3 meses, efectivo) a ${ANA}`,
  ],
  [
    {
      entity: 'membresia',
      action: 'registrar_pago',
      before: { paidUntil: '2026-03-01' },
      after: { paidUntil: '2026-05-01', amount: 5000000, method: 'mercadopago', months: 2, mercadoPago: '1000000042' },
    },
    `Registró un pago de $ 50.000 (2 meses, Mercado Pago) a ${ANA} (operación 1000000042)`,
  ],
  [
    { entity: 'membresia', action: 'anular_pago', after: { pago: 'p1', motivo: 'Error de carga', dias: -30 } },
    `Anuló un pago de ${ANA} (se descontaron 30 días): Error de carga`,
  ],
  [
    { entity: 'membresia', action: 'pausar', after: { desde: '2026-03-05', motivo: 'Viaje' } },
    `Pausó la membresía de ${ANA} desde el 05/03/2026: Viaje`,
  ],
  [
    { entity: 'membresia', action: 'reanudar', after: { hasta: '2026-03-06', dias: 1 } },
    `Reanudó la membresía de ${ANA} (1 día en pausa)`,
  ],
  [
    { entity: 'membresia', action: 'apto_fisico', after: { aptoFecha: '2026-03-01', aptoVence: '2027-03-01' } },
    `Cargó el apto físico de ${ANA}: del 01/03/2026, vigente hasta el 01/03/2027`,
  ],
  [
    { entity: 'turno', action: 'editar', before: { turno: 'mañana' }, after: { turno: 'tarde', entrenador: 'Leo' } },
    `Cambió el turno de ${ANA}: turno, entrenador`,
  ],
  [
    { entity: 'plan', action: 'crear', entityId: 'p-7', subject: { name: 'Yoga', email: null }, after: {} },
    'Creó el plan Yoga',
  ],
  [
    { entity: 'plan', action: 'editar', subject: null, entityId: 'p-7', before: { precio: 1 }, after: { precio: 2 } },
    'Editó el plan p-7: precio',
  ],
  [{ entity: 'plan', action: 'borrar', subject: null, before: { nombrePlan: 'Yoga' } }, 'Borró el plan Yoga'],
  [{ entity: 'producto', action: 'crear', subject: null, after: { nombre: 'Botella' } }, 'Agregó el producto Botella'],
  [
    { entity: 'producto', action: 'editar', subject: { name: 'Botella', email: null }, after: { stock: 3 } },
    'Editó el producto Botella: stock',
  ],
  [{ entity: 'producto', action: 'borrar', subject: null, before: { nombre: 'Botella' } }, 'Borró el producto Botella'],
  [
    {
      entity: 'pedido',
      action: 'cambiar_estado',
      entityId: 'G-000004',
      before: { estado: 'pendiente', total: 7500 },
      after: { estado: 'pagado', total: 7500 },
    },
    'Cambió el pedido G-000004 de pendiente a pagado',
  ],
  [
    {
      entity: 'pedido',
      action: 'cambiar_estado',
      entityId: 'G-000005',
      before: { estado: 'pendiente', total: 7500 },
      after: { estado: 'pagado', total: 7500, mercadoPago: '1000000007' },
    },
    'Cambió el pedido G-000005 de pendiente a pagado (Mercado Pago, operación 1000000007)',
  ],
  [
    {
      entity: 'pedido',
      action: 'cambiar_estado',
      entityId: 'G-000005',
      before: { estado: 'pagado', total: 7500 },
      after: { estado: 'cancelado', total: 7500, reembolso: '5000001' },
    },
    'Cambió el pedido G-000005 de pagado a cancelado, con el reembolso 5000001 por Mercado Pago',
  ],
  [
    {
      entity: 'pedido',
      action: 'devolver_pago',
      entityId: 'G-000006',
      after: { mercadoPago: '1000000009', reembolso: '5000002', monto: 350000, estado: 'cancelado' },
    },
    'Devolvió por Mercado Pago un pago de $ 3.500 (operación 1000000009) del pedido G-000006, que ya estaba cancelado',
  ],
  [
    {
      entity: 'membresia',
      action: 'devolver_pago',
      after: { mercadoPago: '1000000010', reembolso: '5000003', monto: 3_000_000, motivo: 'ya-pagada' },
    },
    `Devolvió por Mercado Pago un pago de $ 30.000 (operación 1000000010) de la renovación de ${ANA}. ` +
      'Reembolsado: la renovación ya estaba pagada',
  ],
  // The API's debits test (backend/src/modules/payments/debits.api.test.ts) checks it writes these rows.
  [
    { entity: 'membresia', action: 'debito_activar', after: { debito: 'd-1', plan: 'BOXEO', monto: 2_500_000 } },
    `Pidió el débito automático de la cuota de ${ANA}: $ 25.000 por mes (BOXEO)`,
  ],
  [
    { entity: 'membresia', action: 'debito_frenar', after: { debito: 'd-1', motivo: 'baja' } },
    `Frenó el débito automático de ${ANA}: pedido por el Botón de baja`,
  ],
  [
    { entity: 'membresia', action: 'debito_frenar', after: { debito: 'd-1', motivo: 'socio' } },
    `Frenó el débito automático de ${ANA}: lo frenó el socio desde su portal`,
  ],
  // The API's renewals test (backend/src/modules/payments/renewals.api.test.ts) checks it writes these rows.
  [
    {
      entity: 'membresia',
      action: 'devolver_pago',
      after: { mercadoPago: '1000000011', reembolso: '5000004', monto: 1_500_000, motivo: 'archivado' },
    },
    `Devolvió por Mercado Pago un pago de $ 15.000 (operación 1000000011) de la renovación de ${ANA}. ` +
      'Reembolsado: el socio estaba archivado',
  ],
  [
    {
      entity: 'membresia',
      action: 'devolver_pago',
      after: { mercadoPago: '1000000012', reembolso: '5000005', monto: 1_500_000, motivo: 'vencida' },
    },
    `Devolvió por Mercado Pago un pago de $ 15.000 (operación 1000000012) de la renovación de ${ANA}. ` +
      'Reembolsado: la reserva había vencido',
  ],
  [
    { entity: 'caja', action: 'cerrar', after: { esperado: 1250000, contado: 1240000, diferencia: -10000, nota: 'x' } },
    'Cerró su caja: esperaba $ 12.500 en efectivo y contó $ 12.400 (faltante de $ 100)',
  ],
  [
    { entity: 'caja', action: 'cerrar', after: { esperado: 500000, contado: 500000, diferencia: 0, nota: null } },
    'Cerró su caja: esperaba $ 5.000 en efectivo y contó $ 5.000 (sin diferencia)',
  ],
  [{ entity: 'imagen', action: 'subir', after: { bytes: 10 } }, 'Subió una imagen'],
  [
    { entity: 'mensaje', action: 'enviar', after: { user_name: 'Ana', user_email: 'ana@correo.com' } },
    'Envió un mensaje a Ana (ana@correo.com)',
  ],
  [{ entity: 'plantilla', action: 'editar', entityId: 'whatsapp' }, 'Cambió el texto del recordatorio por WhatsApp'],
  [
    { entity: 'recordatorio', action: 'enviar', entityId: 'email', after: { canal: 'email', clientes: [{}] } },
    'Envió recordatorios por e-mail a 1 cliente',
  ],
  [{ entity: 'cuenta', action: 'registrar', subject: CARLOS }, 'Registró la cuenta de Carlos Ruiz (carlos@gym.com)'],
  [
    {
      entity: 'cuenta',
      action: 'cambiar_rol',
      subject: CARLOS,
      before: { role: 'entrenador' },
      after: { role: 'recepcion' },
    },
    'Cambió el rol de Carlos Ruiz (carlos@gym.com) de Entrenador a Recepción',
  ],
  [{ entity: 'cuenta', action: 'desactivar', subject: CARLOS }, 'Desactivó la cuenta de Carlos Ruiz (carlos@gym.com)'],
  [{ entity: 'cuenta', action: 'activar', subject: CARLOS }, 'Activó la cuenta de Carlos Ruiz (carlos@gym.com)'],
  [
    { entity: 'cuenta', action: 'restablecer_contrasena', subject: CARLOS },
    'Restableció la contraseña de Carlos Ruiz (carlos@gym.com)',
  ],
  [
    { entity: 'cuenta', action: 'cambiar_contrasena', after: { otrasSesionesCerradas: 2 } },
    'Cambió su contraseña (cerró 2 otras sesiones)',
  ],
  [{ entity: 'sesion', action: 'cerrar_sesion', before: { cuenta: 'a1' } }, 'Cerró una de sus sesiones'],
  // Classes: the booking's row names the person (its id is the booking's, not a client's).
  [
    { ...CLASS, action: 'reservar', after: { nombre: 'Ana Gómez', clase: BOXEO, estado: 'reservada', puesto: null } },
    `Reservó un lugar para Ana Gómez en ${BOXEO}`,
  ],
  [
    { ...CLASS, action: 'reservar', after: { nombre: 'Ana Gómez', clase: BOXEO, estado: 'espera', puesto: 3 } },
    `Anotó a Ana Gómez en la lista de espera de ${BOXEO} (puesto 3)`,
  ],
  [
    { ...CLASS, action: 'cancelar', after: { nombre: 'Ana Gómez', clase: BOXEO, tardia: true, promovidos: ['u-2'] } },
    `Canceló la reserva de Ana Gómez en ${BOXEO} (cancelación tardía); el lugar pasó al primero en espera`,
  ],
  [
    { ...CLASS, action: 'asistencia', after: { nombre: 'Ana Gómez', clase: BOXEO, estado: 'ausente' } },
    `Marcó que Ana Gómez no vino a ${BOXEO}`,
  ],
  [
    {
      ...CLASS,
      action: 'deshacer_asistencia',
      before: { estado: 'asistio' },
      after: { nombre: 'Ana Gómez', clase: BOXEO, estado: 'reservada' },
    },
    `Deshizo la marca de asistencia de Ana Gómez en ${BOXEO}: vuelve a estar reservada`,
  ],
  [
    { ...CLASS, action: 'ausentes', after: { clase: BOXEO, ausentes: 2 } },
    `Marcó como ausentes a 2 reservas sin ingreso de ${BOXEO}`,
  ],
  [
    {
      ...CLASS,
      entityId: 'c-1',
      action: 'desbloquear',
      before: { bloqueadoHasta: '2026-12-03', ausentes: 3 },
      after: { bloqueadoHasta: null, nombre: 'Beto Ruiz', idUsuario: 'c-1' },
    },
    'Levantó el bloqueo de reservas de Beto Ruiz (faltó a 3 clases reservadas, bloqueado hasta el 03/12/2026)',
  ],
  [
    {
      entity: 'clase',
      action: 'suspender',
      subject: undefined,
      after: { clase: BOXEO, motivo: 'Feriado', avisados: 1 },
    },
    `Suspendió la clase de ${BOXEO} (Feriado) y avisó a 1 persona`,
  ],
  [
    {
      entity: 'clase',
      action: 'suspender_dia',
      subject: undefined,
      after: { dia: '2026-12-08', motivo: 'Feriado', clases: [BOXEO, BOXEO], avisados: 3 },
    },
    'Suspendió las clases del 08/12/2026 (Feriado): 2 clases, avisó a 3 personas',
  ],
  [
    {
      entity: 'horario',
      action: 'crear',
      subject: undefined,
      after: { discipline: 'yoga', weekday: 6, starts: '10:00', ends: '12:00' },
    },
    'Agregó un horario de Yoga: sábado de 10:00 a 12:00',
  ],
  // A row written before the class was named in it: no id, the value it took.
  [
    { entity: 'horario', action: 'editar', entityId: '7', subject: undefined, after: { capacity: 25 } },
    'Editó un horario de clases: cupo: 25',
  ],
  [
    {
      entity: 'horario',
      action: 'editar',
      entityId: '7',
      subject: undefined,
      before: { discipline: 'boxeo', weekday: 1, starts: '18:00:00', capacity: 10, entrenador: 'Juan Pérez' },
      after: { discipline: 'boxeo', weekday: 1, starts: '18:00:00', capacity: 12, entrenador: 'Sofía Díaz' },
    },
    'Editó la clase de Boxeo de los lunes a las 18:00: cupo de 10 a 12; entrenador de Juan Pérez a Sofía Díaz',
  ],
  [
    {
      entity: 'horario',
      action: 'editar',
      entityId: '9',
      subject: undefined,
      before: { discipline: 'yoga', weekday: 6, starts: '10:00', room: 'Sala 1', active: true },
      after: { discipline: 'yoga', weekday: 6, starts: '10:00', room: 'Sala 2', active: false },
    },
    'Editó la clase de Yoga de los sábados a las 10:00: sala de Sala 1 a Sala 2; sale del horario (ya no se dicta)',
  ],
  [
    { entity: 'reglas_clases', action: 'editar', subject: undefined, after: { weeklyLimit: 4 } },
    'Cambió las reglas de reserva de clases: clases por semana',
  ],
  [
    { entity: 'plan', action: 'clases', subject: undefined, after: { nombrePlan: 'BOXEO', clases: ['boxeo', 'yoga'] } },
    'Cambió las clases que incluye el plan BOXEO: Boxeo y Yoga',
  ],
  [
    {
      entity: 'ingreso',
      action: 'registrar',
      subject: undefined,
      after: { nombre: 'Ana Gómez', canal: 'dni', permitido: false, motivo: 'Sin apto físico' },
    },
    'Registró el ingreso de Ana Gómez con su DNI: rechazado (Sin apto físico)',
  ],
  // The channel in words, never its code ("por BUSQUEDA").
  [
    {
      entity: 'ingreso',
      action: 'registrar',
      subject: undefined,
      after: { nombre: 'Ana Gómez', canal: 'busqueda', permitido: true, motivo: 'Cuota al día' },
    },
    'Registró el ingreso de Ana Gómez buscándolo por nombre: permitido (Cuota al día)',
  ],
  [
    {
      entity: 'ingreso',
      action: 'registrar',
      subject: undefined,
      after: { nombre: null, canal: 'qr', permitido: false, motivo: 'El código QR venció' },
    },
    'Registró el ingreso de una persona sin identificar con su código QR: rechazado (El código QR venció)',
  ],
  [{ entity: 'cliente', action: 'dni', after: { dni: '30123401' } }, `Cargó el DNI de ${ANA}`],
  [
    {
      entity: 'cambio_precio',
      action: 'programar',
      entityId: 'p-1',
      subject: undefined,
      after: { fecha: '2026-12-27', tipo: 'porcentaje', valor: 10, planes: '1, 2' },
    },
    'Programó un cambio de precio para el 27/12/2026 (10 % más, planes 1, 2)',
  ],
  [
    {
      entity: 'cambio_precio',
      action: 'editar',
      entityId: 'p-1',
      subject: undefined,
      before: { fecha: '2026-12-27', tipo: 'porcentaje', valor: 10, planes: '1, 2' },
      after: { fecha: '2026-12-27', tipo: 'monto', valor: 2_750_000, planes: '2' },
    },
    'Editó el cambio de precio del 27/12/2026: cuota nueva $ 27.500, planes 2',
  ],
  [
    {
      entity: 'cambio_precio',
      action: 'cancelar',
      entityId: 'p-1',
      subject: undefined,
      before: { fecha: '2026-12-27' },
    },
    'Canceló el cambio de precio del 27/12/2026',
  ],
  [
    {
      entity: 'cambio_precio',
      action: 'posponer',
      entityId: 'p-1',
      subject: undefined,
      before: { fecha: '2026-12-27' },
      after: { fecha: '2027-01-10' },
    },
    'Pospuso el cambio de precio del 27/12/2026 al 10/01/2027',
  ],
  [
    {
      entity: 'cambio_precio',
      action: 'aplicar',
      entityId: 'p-1',
      subject: undefined,
      after: { fecha: '2026-12-27', tipo: 'ipc', valor: 2.1, planes: '3' },
    },
    'Aplicó el cambio de precio del 27/12/2026 (el IPC del último mes, 2,1 %, planes 3)',
  ],
  [
    { entity: 'whatsapp', action: 'consentimiento', after: { acepta: true, origen: 'desk' } },
    `Registró que acepta mensajes por WhatsApp de ${ANA}, en la recepción`,
  ],
  [
    { entity: 'whatsapp', action: 'consentimiento', after: { acepta: false, origen: 'reply' } },
    `Registró que no acepta mensajes por WhatsApp de ${ANA}: respondió BAJA por WhatsApp`,
  ],
  [
    { entity: 'whatsapp', action: 'te_extranamos', after: { dias: 21, plantilla: 'socio_te_extranamos' } },
    `Le mandó por WhatsApp «Te extrañamos» a ${ANA} (21 días sin venir)`,
  ],
  [
    { entity: 'factura', action: 'reintentar', subject: undefined, after: { detalle: 'Pedido 000012 de la tienda' } },
    'Reintentó ante ARCA la factura rechazada: Pedido 000012 de la tienda',
  ],
  [
    {
      entity: 'baja',
      action: 'pedir',
      entityId: 'BAJA-7K2M-Q9TX',
      subject: undefined,
      after: { idUsuario: '30123401' },
    },
    'Botón de baja: pedido BAJA-7K2M-Q9TX del socio 30123401',
  ],
  [
    { entity: 'baja', action: 'pedir', entityId: 'BAJA-7K2M-Q9TX', subject: undefined, after: { idUsuario: null } },
    'Botón de baja: pedido BAJA-7K2M-Q9TX (sin socio que coincida)',
  ],
  [
    {
      entity: 'arrepentimiento',
      action: 'pedir',
      entityId: 'ARR-3F8P-W2LC',
      subject: undefined,
      after: { numero: '000012' },
    },
    'Botón de arrepentimiento: pedido 000012 (código ARR-3F8P-W2LC)',
  ],
];

describe('the audit trail reads as sentences', () => {
  // backend/src/modules/audit/audit-sentences.test.ts checks every pair the API records is a key.
  test('every sentence has a case below', () => {
    const tested = CASES.map(([over]) => `${over.entity}.${over.action}`);
    expect(AUDIT_KEYS.filter((p) => !tested.includes(p))).toEqual([]);
  });

  test.each(CASES)('%o reads "%s"', (over, sentence) => {
    const text = read(auditSentence(entry(over)));
    expect(text).toBe(sentence);
    expect(text).not.toMatch(/[{}"]/);
  });

  test('no sentence prints a code: channels, disciplines and members are words and names', () => {
    const codes = /BUSQUEDA|busqueda|por (QR|DNI)|\b(boxeo|yoga)\b|demo-\d|Socio \w+-\d|horario de clases \d/;
    for (const [over] of CASES.filter(([over]) => ['ingreso', 'horario', 'plan'].includes(over.entity ?? ''))) {
      expect(auditSentence(entry(over))).not.toMatch(codes);
    }
  });

  test('an unknown pair still reads as Spanish, not JSON', () => {
    expect(auditSentence(entry({ entity: 'cliente', action: 'fusionar', after: { a: 1 } }))).toBe('Cambió (clientes)');
  });

  test.each([
    [{}, 'Rita Paz (recepcion@gym.com)'],
    [
      { actor: { _id: null, email: null, role: null }, requestId: 'job:cancel-unpaid-orders' },
      'Tarea automática: cancelar pedidos sin pagar',
    ],
    [
      { actor: { _id: null, email: null, role: null }, requestId: 'job:conciliar-mercadopago' },
      'Tarea automática: conciliar los pagos de Mercado Pago',
    ],
    [
      { actor: { _id: null, email: null, role: null }, requestId: 'mercadopago:1000000042' },
      'Mercado Pago (aviso de pago verificado)',
    ],
    [
      { actor: { _id: null, email: null, role: null }, requestId: 'cli:staff:disable' },
      'Consola del servidor: staff:disable',
    ],
    // A member by name, never by their code.
    [
      { actor: { _id: null, email: null, role: null, member: 'demo-001', memberName: 'Ana Gómez' } },
      'Ana Gómez, desde su portal de socio',
    ],
    [
      { actor: { _id: null, email: null, role: null, member: 'demo-001', memberName: null } },
      'Un socio que ya no está en la lista, desde su portal de socio',
    ],
  ] as [Partial<AuditEntryView>, string][])('the actor %o reads "%s"', (over, who) => {
    expect(auditActor(entry(over))).toBe(who);
  });

  test.each([
    ['membresia', 'amount', 750000, '$ 7.500'],
    ['pedido', 'total', 7500, '$ 7.500'],
    ['cuenta', 'role', 'dueno', 'Dueño'],
    ['cuenta', 'activo', false, 'no'],
    ['membresia', 'paidUntil', '2026-06-01', '01/06/2026'],
    ['pedido', 'estado', 'pagado', 'pagado'],
    ['ingreso', 'canal', 'busqueda', 'Búsqueda'],
    ['recordatorio', 'canal', 'whatsapp', 'WhatsApp'],
    ['horario', 'discipline', 'boxeo', 'Boxeo'],
    ['horario', 'weekday', 1, 'lunes'],
    ['horario', 'starts', '18:00:00', '18:00'],
    ['plan', 'clases', ['boxeo', 'yoga'], 'Boxeo, Yoga'],
    [
      'cliente',
      'historial',
      { pagos: 2, totalPagadoCentavos: 1500000, pedidos: 1 },
      'pagos: 2 · total pagado: $ 15.000 · pedidos: 1',
    ],
    ['cliente', 'plan', null, '—'],
  ])('in the detail, %s.%s %p reads %s', (entity, field, value, shown) => {
    expect(read(auditValue(entity, field, value))).toBe(shown);
  });
});
