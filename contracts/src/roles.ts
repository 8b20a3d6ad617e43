/** Staff roles, as the API writes them, and how people read them. */
export const ROLES = ['dueno', 'recepcion', 'entrenador'] as const;
export type Role = (typeof ROLES)[number];

export const roleLabels: Record<Role, string> = { dueno: 'Dueño', recepcion: 'Recepción', entrenador: 'Entrenador' };

export const isRole = (value: unknown): value is Role => typeof value === 'string' && ROLES.some((r) => r === value);

const EVERYONE: readonly Role[] = ROLES;
const DESK: readonly Role[] = ['dueno', 'recepcion'];
const OWNER: readonly Role[] = ['dueno'];

/**
 * Who may do what: the one table the API's route guards, the admin menus and screens, and
 * docs/roles.md's role matrix (backend/src/http/role-matrix.ts) are all made from. An action a role is not listed for is refused (403).
 */
export const PERMISSIONS = {
  'cuenta.propia': { roles: EVERYONE, label: 'Su cuenta: ver, cambiar su contraseña, ver y cerrar sus sesiones' },
  'clientes.ver': { roles: EVERYONE, label: 'Ver clientes' },
  'clientes.editar': { roles: DESK, label: 'Agregar, editar y borrar clientes' },
  'clientes.archivo': {
    roles: OWNER,
    label: 'Ver y restaurar los clientes archivados, que guardan sus pagos y pedidos',
  },
  'turnos.ver': { roles: EVERYONE, label: 'Ver turnos y entrenadores' },
  'turnos.editar': { roles: DESK, label: 'Cambiar turnos' },
  'planes.ver': { roles: EVERYONE, label: 'Ver planes' },
  'planes.editar': { roles: DESK, label: 'Agregar, editar y borrar planes' },
  'productos.editar': { roles: DESK, label: 'Agregar, editar y borrar productos' },
  'mensajes.enviar': { roles: EVERYONE, label: 'Enviar mensajes y ver el historial' },
  'pedidos.gestionar': { roles: DESK, label: 'Pedidos de la tienda: ver, cobrar, entregar y cancelar' },
  'membresias.gestionar': {
    roles: DESK,
    label: 'Membresías: tablero, listas y CSV, pagos y anulaciones, pausas, apto físico y recordatorios',
  },
  'clases.ver': { roles: EVERYONE, label: 'Ver clases y sus listas' },
  'clases.asistencia': { roles: EVERYONE, label: 'Marcar asistencia y deshacer una marca' },
  'clases.gestionar': { roles: DESK, label: 'Reservar y cancelar lugares, suspender clases, ingreso y DNI' },
  'clases.configurar': { roles: OWNER, label: 'Horarios, cupos y reglas de las clases' },
  'socios.riesgo': { roles: DESK, label: 'Ver los socios en riesgo: sin venir, viniendo menos o faltando a clases' },
  'socios.recuperar': {
    roles: DESK,
    label: 'Mandar por WhatsApp el mensaje «Te extrañamos» a un socio en riesgo que lo aceptó',
  },
  'reservas.desbloquear': { roles: DESK, label: 'Levantar el bloqueo de reservas por ausencias a clases' },
  'personal.gestionar': {
    roles: OWNER,
    label: 'Cuentas del personal: ver, cambiar rol, desactivar, activar, restablecer contraseña',
  },
  'caja.cerrar': {
    roles: DESK,
    label: 'Cerrar su caja: lo esperado por medio de pago, el efectivo contado y la diferencia',
  },
  'caja.ver': { roles: OWNER, label: 'Ver los cierres de caja de todo el personal' },
  'reportes.ver': { roles: OWNER, label: 'Reportes y la exportación mensual para el contador' },
  'facturas.ver': { roles: OWNER, label: 'Ver las facturas electrónicas (ARCA) y el total facturado del mes' },
  'facturas.reintentar': { roles: OWNER, label: 'Reintentar una factura que ARCA rechazó' },
  'auditoria.ver': { roles: OWNER, label: 'Ver la auditoría' },
  'respaldos.ver': { roles: OWNER, label: 'Ver si los respaldos de la base se verificaron' },
  'precios.ver': { roles: OWNER, label: 'Ver el IPC, los cambios de precio y su vista previa' },
  'precios.gestionar': {
    roles: OWNER,
    label: 'Programar, editar, posponer y cancelar cambios de precio de los planes (por monto, porcentaje o IPC)',
  },
} as const satisfies Record<string, { roles: readonly Role[]; label: string }>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export function can(role: Role | undefined, action: Action): boolean {
  return role !== undefined && (PERMISSIONS[action].roles as readonly Role[]).includes(role);
}

export const roleMessages = {
  forbidden: 'No tenés permiso para hacer esto con tu rol.',
  forbiddenTitle: 'No tenés permiso',
  forbiddenPage: 'Tu rol no permite ver esta pantalla. Si la necesitás, pedíselo al dueño del gimnasio.',
  lastOwner: 'Tiene que quedar al menos un dueño con la cuenta activa.',
  unknownRole: 'Elegí un rol válido: dueño, recepción o entrenador.',
  unknownAccount: 'La cuenta no existe',
  mustChangePassword: 'Tenés que cambiar tu contraseña temporal antes de seguir.',
  wrongCurrentPassword: 'La contraseña actual no es correcta',
  currentPasswordRequired: 'Escribí tu contraseña actual',
  samePassword: 'La contraseña nueva tiene que ser distinta de la actual',
  passwordChanged: 'Contraseña cambiada. Se cerraron tus otras sesiones.',
  sessionUnknown: 'La sesión no existe',
} as const;

export interface AuditEntryView {
  at: string;
  /** `name` is the account's "Nombre Apellido" when it still exists. */
  actor: {
    _id: string | null;
    email: string | null;
    role: Role | null;
    name?: string | null;
    /** A member who acted from the portal: their idUsuario and, joined when listing, their name. */
    member?: string;
    memberName?: string | null;
  };
  entity: string;
  entityId: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string | null;
  /** Who the change was about (a client, a staff account, a plan, a product), joined when listing. */
  subject?: { name: string | null; email: string | null } | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  limit: number;
}

export const auditMessages = {
  invalidDate: 'Escribí la fecha como AAAA-MM-DD',
  invalidPage: 'La página tiene que ser un número desde 1',
  invalidLimit: 'El límite tiene que ser un número de 1 a 100',
} as const;
