import type { AuditEntity, AuditKey } from '@gym/contracts/audit';
import { checkinChannelLabels, disciplineLabels } from '@gym/contracts/classes';
import { countOf, formatPrice } from '@gym/contracts/format';
import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { formatDate } from '@gym/contracts/membership-dates';
import { paymentMethodLabels } from '@gym/contracts/memberships';
import { ORDER_STATE_LABELS, renewalRefundText } from '@gym/contracts/orders';
import { roleLabels, type AuditEntryView, type Role } from '@gym/contracts/roles';
import { centavos } from '@gym/contracts/money';

type Fields = Record<string, unknown>;
type Sentence = (e: AuditEntryView, before: Fields, after: Fields) => string;

/** Jobs and operator commands write audit rows with no account: their request id names them. */
const JOB_LABELS: Record<string, string> = {
  'cancel-unpaid-orders': 'cancelar pedidos sin pagar',
  'recordatorios-de-vencimiento': 'recordatorios de vencimiento',
  'purga-sesiones-y-limites': 'purgar sesiones y límites vencidos',
  'ausentes-de-clases': 'marcar ausentes en las clases',
  'conciliar-mercadopago': 'conciliar los pagos de Mercado Pago',
};

/** Spanish labels for the fields audit rows hold, for the "ver detalle" table and edit sentences. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  nombre: 'nombre',
  edad: 'edad',
  correo: 'correo',
  celular: 'celular',
  plan: 'plan',
  idUsuario: 'ID de usuario',
  nombrePlan: 'nombre del plan',
  idPlan: 'número de plan',
  codigoPlan: 'código del plan',
  description: 'descripción',
  descripcion: 'descripción',
  precio: 'precio',
  cuotaMensual: 'cuota mensual',
  categoria: 'categoría',
  imagen: 'imagen',
  imagenes: 'imágenes',
  portada: 'en portada',
  talle: 'talles',
  color: 'colores',
  stock: 'stock',
  variantes: 'variantes',
  turno: 'turno',
  usuario: 'cliente',
  entrenador: 'entrenador',
  estado: 'estado',
  total: 'total',
  role: 'rol',
  activo: 'cuenta activa',
  email: 'e-mail',
  name: 'nombre',
  lastname: 'apellido',
  paidUntil: 'pagado hasta',
  amount: 'monto',
  method: 'medio de pago',
  months: 'meses',
  pago: 'pago',
  motivo: 'motivo',
  mercadoPago: 'operación de Mercado Pago',
  monto: 'monto',
  esperado: 'efectivo esperado',
  contado: 'efectivo contado',
  diferencia: 'diferencia',
  nota: 'nota',
  reembolso: 'reembolso de Mercado Pago',
  dias: 'días',
  desde: 'desde',
  hasta: 'hasta',
  aptoFecha: 'fecha del apto físico',
  aptoVence: 'vencimiento del apto físico',
  canal: 'canal',
  automatico: 'automático',
  clientes: 'clientes',
  text: 'texto',
  contentType: 'tipo de archivo',
  bytes: 'tamaño (bytes)',
  width: 'ancho (px)',
  height: 'alto (px)',
  user_name: 'nombre',
  user_email: 'e-mail',
  user_message: 'mensaje',
  status: 'estado',
  error: 'error',
  createdAt: 'creado',
  historial: 'historial',
  pagos: 'pagos',
  pedidos: 'pedidos',
  totalPagadoCentavos: 'total pagado',
  enviosDelSocio: 'pagos online o comprobantes',
  otrasSesionesCerradas: 'otras sesiones cerradas',
  cuenta: 'cuenta',
  clase: 'clase',
  room: 'sala',
  capacity: 'cupo',
  trainerId: 'entrenador',
  active: 'activo',
  discipline: 'disciplina',
  weekday: 'día',
  starts: 'empieza',
  ends: 'termina',
  daysAhead: 'días de anticipación',
  freeCancelHours: 'horas para cancelar sin costo',
  weeklyLimit: 'clases por semana',
  limiteSemanal: 'clases por semana',
  clases: 'clases',
  dni: 'DNI',
  permitido: 'permitido',
  puesto: 'puesto en espera',
  tardia: 'cancelación tardía',
  promovidos: 'pasaron a tener lugar',
  avisados: 'avisados',
  ausentes: 'ausentes',
  dia: 'día',
};

const CHANNELS: Record<string, string> = { email: 'e-mail', whatsapp: 'WhatsApp' };
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

const count = countOf;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined;
// The audit trail's JSON is read as it was written: a whole number of centavos for these keys.
const pesosFromCentavos = (value: unknown) => formatMoney(centavos(Number(value ?? 0)));
const state = (value: unknown) => ORDER_STATE_LABELS[value as keyof typeof ORDER_STATE_LABELS]?.toLowerCase() ?? '—';
const role = (value: unknown) => roleLabels[value as Role] ?? String(value ?? '—');
const fieldList = (fields: Fields) =>
  Object.keys(fields)
    .map((k) => AUDIT_FIELD_LABELS[k] ?? k)
    .join(', ');

/** A person as "Nombre (e-mail)", from the names the API joined, else what the row holds, else the id. */
/** Why an automatic debit was stopped, as the trail reads it. */
const DEBIT_STOPS: Record<string, string> = {
  socio: ': lo frenó el socio desde su portal',
  baja: ': pedido por el Botón de baja',
  archivado: ': el cliente fue archivado',
  reemplazado: ': se pidió otro en su lugar',
};

/** A day the audit row holds as 'aaaa-mm-dd', as the screens write it. */
const day = (value: unknown) => {
  const raw = text(value);
  return raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? formatDate(raw) : (raw ?? '—');
};
/** How a price change sets the new fee: an amount (centavos), a percentage or the IPC. */
const priceKind = (after: Fields) => {
  const percent = typeof after.valor === 'number' ? `${after.valor.toLocaleString('es-AR')} %` : '—';
  if (after.tipo === 'monto') return `cuota nueva ${pesosFromCentavos(after.valor)}`;
  if (after.tipo === 'porcentaje') return `${percent} más`;
  if (after.tipo === 'ipc') return `el IPC del último mes, ${percent}`;
  return text(after.tipo) ?? '—';
};
const WHATSAPP_SOURCES: Record<string, string> = {
  portal: ', desde su portal',
  desk: ', en la recepción',
  reply: ': respondió BAJA por WhatsApp',
};

function subject(e: AuditEntryView, ...rows: Fields[]): string {
  const name = e.subject?.name ?? rows.map((r) => text(r.nombre) ?? text(r.usuario)).find(Boolean);
  const email = e.subject?.email ?? rows.map((r) => text(r.correo) ?? text(r.email)).find(Boolean);
  if (name && email) return `${name} (${email})`;
  return name ?? email ?? `el cliente ${e.entityId}`;
}
const named = (e: AuditEntryView, before: Fields, after: Fields, fallback: string) =>
  e.subject?.name ??
  text(after.nombre) ??
  text(before.nombre) ??
  text(after.nombrePlan) ??
  text(before.nombrePlan) ??
  fallback;
const edited = (fields: Fields) => (Object.keys(fields).length ? `: ${fieldList(fields)}` : '');

/** A sentence for every pair the API records (contracts' AUDIT_ACTIONS): a missing one does not compile. */
const SENTENCES: Record<AuditKey, Sentence> = {
  'cliente.crear': (e, b, a) => `Agregó al cliente ${subject(e, a)}`,
  'cliente.editar': (e, b, a) => `Editó al cliente ${subject(e, a, b)}${edited(a)}`,
  'cliente.borrar': (e, b) => `Borró al cliente ${subject(e, b)}`,
  'cliente.archivar': (e, b) => {
    const h = (b.historial ?? {}) as Fields;
    const kept = [
      count(Number(h.pagos ?? 0), 'pago', 'pagos'),
      count(Number(h.pedidos ?? 0), 'pedido', 'pedidos'),
      ...(Number(h.clases ?? 0) > 0 ? [count(Number(h.clases), 'clase o ingreso', 'clases e ingresos')] : []),
      ...(Number(h.enviosDelSocio ?? 0) > 0
        ? [count(Number(h.enviosDelSocio), 'pago online o comprobante', 'pagos online o comprobantes')]
        : []),
    ];
    return `Archivó al cliente ${subject(e, b)} (tenía ${kept.slice(0, -1).join(', ')} y ${kept.at(-1)})`;
  },
  'cliente.restaurar': (e, b, a) => `Restauró al cliente ${subject(e, a)}`,
  'membresia.registrar_pago': (e, b, a) => {
    const label = paymentMethodLabels[a.method as keyof typeof paymentMethodLabels];
    const method = a.method === 'mercadopago' ? label : (label?.toLowerCase() ?? '—');
    const months = count(Number(a.months ?? 1), 'mes', 'meses');
    const from = a.comprobante
      ? ', aprobando el comprobante que subió'
      : a.mercadoPago
        ? ` (operación ${text(a.mercadoPago)})`
        : '';
    return `Registró un pago de ${pesosFromCentavos(a.amount)} (${months}, ${method}) a ${subject(e)}${from}`;
  },
  'membresia.anular_pago': (e, b, a) =>
    `Anuló un pago de ${subject(e)} (se descontaron ${count(Math.abs(Number(a.dias ?? 0)), 'día', 'días')}): ${text(a.motivo) ?? 'sin motivo'}`,
  'membresia.pausar': (e, b, a) =>
    `Pausó la membresía de ${subject(e)} desde el ${formatDate(text(a.desde))}: ${text(a.motivo) ?? 'sin motivo'}`,
  'membresia.reanudar': (e, b, a) =>
    `Reanudó la membresía de ${subject(e)} (${count(Number(a.dias ?? 0), 'día', 'días')} en pausa)`,
  'membresia.apto_fisico': (e, b, a) =>
    `Cargó el apto físico de ${subject(e)}: del ${formatDate(text(a.aptoFecha))}, vigente hasta el ${formatDate(text(a.aptoVence))}`,
  'turno.editar': (e, b, a) => `Cambió el turno de ${subject(e, a, b)}${edited(a)}`,
  'plan.crear': (e, b, a) => `Creó el plan ${named(e, b, a, e.entityId)}`,
  'plan.editar': (e, b, a) => `Editó el plan ${named(e, b, a, e.entityId)}${edited(a)}`,
  'plan.borrar': (e, b, a) => `Borró el plan ${named(e, b, a, e.entityId)}`,
  'producto.crear': (e, b, a) => `Agregó el producto ${named(e, b, a, 'sin nombre')}`,
  'producto.editar': (e, b, a) => `Editó el producto ${named(e, b, a, 'sin nombre')}${edited(a)}`,
  'producto.borrar': (e, b, a) => `Borró el producto ${named(e, b, a, 'sin nombre')}`,
  'pedido.cambiar_estado': (e, b, a) => {
    const why = a.reembolso
      ? `, con el reembolso ${text(a.reembolso)} por Mercado Pago`
      : a.mercadoPago
        ? ` (Mercado Pago, operación ${text(a.mercadoPago)})`
        : '';
    return `Cambió el pedido ${e.entityId} de ${state(b.estado)} a ${state(a.estado)}${why}`;
  },
  'pedido.devolver_pago': (e, b, a) =>
    `Devolvió por Mercado Pago un pago de ${pesosFromCentavos(a.monto)} (operación ${text(a.mercadoPago) ?? '—'}) ` +
    `del pedido ${e.entityId}, que ya estaba ${a.estado ? state(a.estado) : 'cerrado'}`,
  'membresia.devolver_pago': (e, b, a) =>
    `Devolvió por Mercado Pago un pago de ${pesosFromCentavos(a.monto)} (operación ${text(a.mercadoPago) ?? '—'}) ` +
    `de la renovación de ${subject(e)}. ${renewalRefundText(text(a.motivo) ?? '')}`,
  'caja.cerrar': (e, b, a) => {
    const diferencia = Number(a.diferencia ?? 0);
    const how =
      diferencia === 0
        ? 'sin diferencia'
        : `${diferencia > 0 ? 'sobrante' : 'faltante'} de ${pesosFromCentavos(Math.abs(diferencia))}`;
    return `Cerró su caja: esperaba ${pesosFromCentavos(a.esperado)} en efectivo y contó ${pesosFromCentavos(a.contado)} (${how})`;
  },
  'imagen.subir': () => 'Subió una imagen',
  'mensaje.enviar': (e, b, a) => `Envió un mensaje a ${text(a.user_name) ?? '—'} (${text(a.user_email) ?? '—'})`,
  'plantilla.editar': (e) => `Cambió el texto del recordatorio por ${CHANNELS[e.entityId] ?? e.entityId}`,
  'recordatorio.enviar': (e, b, a) => {
    const clients = Array.isArray(a.clientes) ? a.clientes.length : 0;
    const channel = CHANNELS[text(a.canal) ?? e.entityId] ?? e.entityId;
    return `Envió recordatorios por ${channel} a ${count(clients, 'cliente', 'clientes')}`;
  },
  'cuenta.registrar': (e, b, a) => `Registró la cuenta de ${person(e, a)}`,
  'cuenta.cambiar_rol': (e, b, a) => `Cambió el rol de ${person(e, a)} de ${role(b.role)} a ${role(a.role)}`,
  'cuenta.desactivar': (e, b, a) => `Desactivó la cuenta de ${person(e, a)}`,
  'cuenta.activar': (e, b, a) => `Activó la cuenta de ${person(e, a)}`,
  'cuenta.restablecer_contrasena': (e, b, a) => `Restableció la contraseña de ${person(e, a)}`,
  'cuenta.cambiar_contrasena': (e, b, a) =>
    `Cambió su contraseña (cerró ${count(Number(a.otrasSesionesCerradas ?? 0), 'otra sesión', 'otras sesiones')})`,
  'sesion.cerrar_sesion': () => 'Cerró una de sus sesiones',
  'socio.enviar_acceso': (e, b, a) =>
    `Envió a ${subject(e, b, a)} el acceso a su portal por ${CHANNELS[text(a.canal) ?? ''] ?? 'e-mail'}`,
  'socio.cerrar_sesiones': (e, b, a) =>
    `Cerró las sesiones del portal de ${subject(e, b, a)} (${count(Number(a.sesiones ?? 0), 'abierta', 'abiertas')})`,
  'socio.salir': () => 'Salió de su portal',
  'membresia.debito_activar': (e, b, a) =>
    `Pidió el débito automático de la cuota de ${subject(e)}: ${pesosFromCentavos(a.monto)} por mes (${text(a.plan) ?? '—'})`,
  'membresia.debito_frenar': (e, b, a) =>
    `Frenó el débito automático de ${subject(e)}${DEBIT_STOPS[text(a.motivo) ?? ''] ?? ''}`,
  'membresia.enviar_recibo': (e, b, a) =>
    `Envió el recibo ${text(a.recibo) ?? '—'} a ${subject(e)} por ${CHANNELS[text(a.canal) ?? ''] ?? 'e-mail'}`,
  'comprobante.subir': (e, b, a) => `Subió un comprobante de transferencia por ${pesosFromCentavos(a.amount)}`,
  'comprobante.rechazar': (e, b, a) => `Rechazó el comprobante de ${subject(e, b, a)}: ${text(a.motivo) ?? '—'}`,
  'reserva.reservar': (e, b, a) =>
    a.estado === 'espera'
      ? `Anotó a ${subject(e, a)} en la lista de espera de ${text(a.clase) ?? 'una clase'} (puesto ${text(a.puesto) ?? '—'})`
      : `Reservó un lugar para ${subject(e, a)} en ${text(a.clase) ?? 'una clase'}`,
  'reserva.cancelar': (e, b, a) => {
    const promoted = Array.isArray(a.promovidos) && a.promovidos.length ? '; el lugar pasó al primero en espera' : '';
    return `Canceló la reserva de ${subject(e, a)} en ${text(a.clase) ?? 'una clase'}${a.tardia ? ' (cancelación tardía)' : ''}${promoted}`;
  },
  'reserva.asistencia': (e, b, a) =>
    `Marcó que ${subject(e, a)} ${a.estado === 'asistio' ? 'asistió a' : 'no vino a'} ${text(a.clase) ?? 'una clase'}`,
  'reserva.deshacer_asistencia': (e, b, a) =>
    `Deshizo la marca de ${b.estado === 'ausente' ? 'ausencia' : 'asistencia'} de ${subject(e, a)} en ${text(a.clase) ?? 'una clase'}: vuelve a estar reservada`,
  'reserva.ausentes': (e, b, a) =>
    `Marcó como ausentes a ${count(Number(a.ausentes ?? 0), 'reserva', 'reservas')} sin ingreso de ${text(a.clase) ?? 'una clase'}`,
  'reserva.desbloquear': (e, b, a) =>
    `Levantó el bloqueo de reservas de ${subject(e, a)} (faltó a ${count(Number(b.ausentes ?? 0), 'clase reservada', 'clases reservadas')}${b.bloqueadoHasta ? `, bloqueado hasta el ${formatDate(text(b.bloqueadoHasta))}` : ''})`,
  'clase.suspender': (e, b, a) =>
    `Suspendió la clase de ${text(a.clase) ?? '—'} (${text(a.motivo) ?? 'sin motivo'}) y avisó a ${count(Number(a.avisados ?? 0), 'persona', 'personas')}`,
  'clase.suspender_dia': (e, b, a) => {
    const clases = Array.isArray(a.clases) ? a.clases.length : 0;
    return `Suspendió las clases del ${formatDate(text(a.dia))} (${text(a.motivo) ?? 'sin motivo'}): ${count(clases, 'clase', 'clases')}, avisó a ${count(Number(a.avisados ?? 0), 'persona', 'personas')}`;
  },
  'horario.crear': (e, b, a) =>
    `Agregó un horario de ${discipline(a.discipline) ?? 'clase'}: ${WEEKDAYS[Number(a.weekday)] ?? '—'} de ${hour(a.starts) ?? '—'} a ${hour(a.ends) ?? '—'}`,
  'horario.editar': (e, b, a) => {
    const which = a.discipline ? `la clase de ${slotName(a)}` : 'un horario de clases';
    const what = Object.keys(a)
      .filter((k) => !SLOT_NAME_FIELDS.includes(k))
      .map((k) => slotChange(k, b, a));
    return `Editó ${which}${what.length ? `: ${what.join('; ')}` : ''}`;
  },
  'reglas_clases.editar': (e, b, a) => `Cambió las reglas de reserva de clases${edited(a)}`,
  'plan.clases': (e, b, a) => {
    const clases =
      Array.isArray(a.clases) && a.clases.length ? a.clases.map((c) => discipline(c) ?? '—').join(' y ') : 'ninguna';
    return `Cambió las clases que incluye el plan ${named(e, b, a, e.entityId)}: ${clases}`;
  },
  'ingreso.registrar': (e, b, a) =>
    `Registró el ingreso de ${text(a.nombre) ?? 'una persona sin identificar'} ${CHECKIN_HOW[text(a.canal) ?? ''] ?? 'en la puerta'}: ${a.permitido ? 'permitido' : 'rechazado'} (${text(a.motivo) ?? '—'})`,
  'cliente.dni': (e, b, a) => (a.dni ? `Cargó el DNI de ${subject(e, a, b)}` : `Borró el DNI de ${subject(e, a, b)}`),
  'baja.pedir': (e, b, a) =>
    `Botón de baja: pedido ${e.entityId}${a.idUsuario ? ` del socio ${text(a.idUsuario)}` : ' (sin socio que coincida)'}`,
  'arrepentimiento.pedir': (e, b, a) =>
    `Botón de arrepentimiento: pedido ${text(a.numero) ?? '—'} (código ${e.entityId})`,
  'factura.reintentar': (e, b, a) => `Reintentó ante ARCA la factura rechazada: ${text(a.detalle) ?? e.entityId}`,
  'cambio_precio.programar': (e, b, a) =>
    `Programó un cambio de precio para el ${day(a.fecha)} (${priceKind(a)}, planes ${text(a.planes) ?? '—'})`,
  'cambio_precio.editar': (e, b, a) =>
    `Editó el cambio de precio del ${day(a.fecha ?? b.fecha)}: ${priceKind(a)}, planes ${text(a.planes) ?? '—'}`,
  'cambio_precio.cancelar': (e, b) => `Canceló el cambio de precio del ${day(b.fecha)}`,
  'cambio_precio.posponer': (e, b, a) => `Pospuso el cambio de precio del ${day(b.fecha)} al ${day(a.fecha)}`,
  'cambio_precio.aplicar': (e, b, a) =>
    `Aplicó el cambio de precio del ${day(a.fecha)} (${priceKind(a)}, planes ${text(a.planes) ?? '—'})`,
  'whatsapp.consentimiento': (e, b, a) =>
    `${a.acepta ? 'Registró que acepta' : 'Registró que no acepta'} mensajes por WhatsApp de ${subject(e, a)}${WHATSAPP_SOURCES[text(a.origen) ?? ''] ?? ''}`,
  'whatsapp.te_extranamos': (e, b, a) =>
    `Le mandó por WhatsApp «Te extrañamos» a ${subject(e, a)}${typeof a.dias === 'number' ? ` (${countOf(a.dias, 'día', 'días')} sin venir)` : ''}`,
};

/** How a person was let in at the door, in words: never the channel's code. */
const CHECKIN_HOW: Record<string, string> = {
  qr: 'con su código QR',
  dni: 'con su DNI',
  busqueda: 'buscándolo por nombre',
};

const discipline = (value: unknown) => {
  const code = text(value);
  return code && (disciplineLabels[code as keyof typeof disciplineLabels] ?? code);
};
/** '18:00:00' or '18:00' → '18:00'. */
const hour = (value: unknown) => text(value)?.slice(0, 5);

/** The fields that name a weekly class, kept on both sides of its edit: not changes. */
const SLOT_NAME_FIELDS = ['discipline', 'weekday', 'starts', 'ends'];
const WEEKDAYS_PLURAL: Record<number, string> = {
  1: 'los lunes',
  2: 'los martes',
  3: 'los miércoles',
  4: 'los jueves',
  5: 'los viernes',
  6: 'los sábados',
  7: 'los domingos',
};
/** A weekly class by what, when and at what hour: "Boxeo de los lunes a las 18:00". */
const slotName = (row: Fields) =>
  `${discipline(row.discipline) ?? 'clase'} de ${WEEKDAYS_PLURAL[Number(row.weekday)] ?? '—'} a las ${hour(row.starts) ?? '—'}`;
/** One change to a class, with the value before when the row has it: "cupo de 10 a 12". */
function slotChange(field: string, before: Fields, after: Fields): string {
  if (field === 'active') return after.active ? 'vuelve a estar en el horario' : 'sale del horario (ya no se dicta)';
  const label = AUDIT_FIELD_LABELS[field] ?? field;
  const value = (v: unknown) => auditValue('horario', field, v);
  return field in before
    ? `${label} de ${value(before[field])} a ${value(after[field])}`
    : `${label}: ${value(after[field])}`;
}

const WEEKDAYS: Record<number, string> = {
  1: 'lunes',
  2: 'martes',
  3: 'miércoles',
  4: 'jueves',
  5: 'viernes',
  6: 'sábado',
  7: 'domingo',
};

/** A staff account as "Nombre Apellido (e-mail)". */
function person(e: AuditEntryView, row: Fields): string {
  const name = e.subject?.name ?? ([text(row.name), text(row.lastname)].filter(Boolean).join(' ') || undefined);
  const email = e.subject?.email ?? text(row.email);
  if (name && email) return `${name} (${email})`;
  return name ?? email ?? 'una cuenta que ya no existe';
}

/** One audit row as a Spanish sentence: what the person did, to whom, in pesos and names. */
export function auditSentence(e: AuditEntryView): string {
  // Rows written before a pair was renamed, or by a newer API, still read as something.
  const sentence = (SENTENCES as Partial<Record<string, Sentence>>)[`${e.entity}.${e.action}`];
  if (sentence) return sentence(e, e.before ?? {}, e.after ?? {});
  const entity = (auditEntityLabels as Partial<Record<string, string>>)[e.entity]?.toLowerCase() ?? e.entity;
  return `${auditActionLabels[e.action] ?? 'Cambió'} (${entity})`;
}

/** Who did it: "Nombre (e-mail)", or the automatic task / server command that did. */
export function auditActor(e: AuditEntryView): string {
  if (e.actor.email) return e.actor.name ? `${e.actor.name} (${e.actor.email})` : e.actor.email;
  if (e.actor.member) return `${e.actor.memberName ?? 'Un socio que ya no está en la lista'}, desde su portal de socio`;
  const [kind, name = ''] = (e.requestId ?? '').split(/:(.*)/s);
  if (kind === 'job') return `Tarea automática: ${JOB_LABELS[name] ?? name}`;
  if (kind === 'cli') return `Consola del servidor: ${name}`;
  if (kind === 'mercadopago') return 'Mercado Pago (aviso de pago verificado)';
  return 'Sistema';
}

/** A field's value for the detail table: pesos, dates, roles and yes/no, never raw JSON. */
export function auditValue(entity: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (
    (field === 'amount' && entity === 'membresia') ||
    field === 'totalPagadoCentavos' ||
    field === 'monto' ||
    (entity === 'caja' && ['esperado', 'contado', 'diferencia'].includes(field))
  )
    return pesosFromCentavos(value);
  if (field === 'total' || field === 'precio' || field === 'cuotaMensual') return formatPrice(Number(value));
  if (field === 'role') return role(value);
  if (field === 'estado' && entity === 'pedido') return state(value);
  if (field === 'method') return paymentMethodLabels[value as keyof typeof paymentMethodLabels] ?? String(value);
  if (field === 'canal' && entity === 'ingreso')
    return checkinChannelLabels[value as keyof typeof checkinChannelLabels] ?? String(value);
  if (field === 'canal') return CHANNELS[String(value)] ?? String(value);
  if (field === 'discipline') return discipline(value) ?? '—';
  if (field === 'clases' && Array.isArray(value) && typeof value[0] === 'string')
    return value.map((c) => discipline(c) ?? '—').join(', ');
  if (field === 'weekday') return WEEKDAYS[Number(value)] ?? String(value);
  if (field === 'starts' || field === 'ends') return hour(value) ?? '—';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatInstant(value);
  if (Array.isArray(value))
    return value.length && typeof value[0] === 'object'
      ? count(value.length, 'elemento', 'elementos')
      : value.join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Fields)
      .map(([k, v]) => `${AUDIT_FIELD_LABELS[k] ?? k}: ${auditValue(entity, k, v)}`)
      .join(' · ');
  return String(value);
}

/** What each audited entity reads as, in the *Qué* filter and elsewhere. */
export const auditEntityLabels: Record<AuditEntity, string> = {
  membresia: 'Membresías y pagos',
  pedido: 'Pedidos',
  imagen: 'Imágenes',
  cuenta: 'Cuentas del personal',
  cliente: 'Clientes',
  plan: 'Planes',
  producto: 'Productos',
  turno: 'Turnos',
  mensaje: 'Mensajes',
  recordatorio: 'Recordatorios',
  plantilla: 'Textos de recordatorio',
  sesion: 'Sesiones',
  socio: 'Portal de socios',
  comprobante: 'Comprobantes de socios',
  reserva: 'Reservas de clases',
  clase: 'Clases',
  horario: 'Horarios de clases',
  reglas_clases: 'Reglas de reserva',
  ingreso: 'Ingresos',
  caja: 'Cierres de caja',
  baja: 'Bajas pedidas',
  arrepentimiento: 'Arrepentimientos',
  factura: 'Facturas',
  cambio_precio: 'Cambios de precio',
  whatsapp: 'WhatsApp: consentimientos y «Te extrañamos»',
};

const auditActionLabels: Record<string, string> = {
  programar: 'Programó',
  posponer: 'Pospuso',
  aplicar: 'Aplicó',
  cancelar: 'Canceló',
  crear: 'Creó',
  editar: 'Editó',
  borrar: 'Borró',
  enviar: 'Envió',
};
