import type { Action } from '@gym/contracts';

/**
 * Every staff route and the action (of the role table in contracts/src/roles.ts) it needs.
 * One line per route. A staff route missing here is refused to everyone (403) and fails the
 * role walk (backend/src/http/roles.api.test.ts).
 */
export const ROUTE_PERMISSIONS: Record<string, Action> = {
  'GET /v1/auth/me': 'cuenta.propia',
  'GET /v1/auth/sessions': 'cuenta.propia',
  'DELETE /v1/auth/sessions/:id': 'cuenta.propia',
  'GET /v1/auth/login-events': 'cuenta.propia',
  'PUT /v1/auth/password': 'cuenta.propia',
  'GET /v1/users': 'personal.gestionar',
  'PUT /v1/users/:id/role': 'personal.gestionar',
  'POST /v1/users/:id/disable': 'personal.gestionar',
  'POST /v1/users/:id/enable': 'personal.gestionar',
  'POST /v1/users/:id/reset-password': 'personal.gestionar',
  'GET /v1/audit': 'auditoria.ver',
  'POST /v1/products': 'productos.editar',
  'PUT /v1/product/:id': 'productos.editar',
  'DELETE /v1/product/:id': 'productos.editar',
  'GET /v1/obtenerlistadeusuarios': 'clientes.ver',
  'POST /v1/obtenerdatausuario': 'clientes.ver',
  'POST /v1/agregarusuario': 'clientes.editar',
  'POST /v1/actualizarusuario': 'clientes.editar',
  'POST /v1/borrarusuario': 'clientes.editar',
  'GET /v1/clients/archived': 'clientes.archivo',
  'GET /v1/clients/status': 'clientes.ver',
  'POST /v1/clients/:idUsuario/restore': 'clientes.archivo',
  'GET /v1/obtenerlistadeplanes': 'planes.ver',
  'POST /v1/obtenerdataplan': 'planes.ver',
  'POST /v1/agregarplan': 'planes.editar',
  'POST /v1/actualizarplan': 'planes.editar',
  'POST /v1/borrarPlan': 'planes.editar',
  'GET /v1/turnos': 'turnos.ver',
  'GET /v1/entrenadores': 'turnos.ver',
  'PUT /v1/turnos/:idUsuario': 'turnos.editar',
  'GET /v1/messages': 'mensajes.enviar',
  'POST /v1/messages': 'mensajes.enviar',
  'POST /v1/images': 'productos.editar',
  'GET /v1/orders': 'pedidos.gestionar',
  'GET /v1/orders/:numero': 'pedidos.gestionar',
  'POST /v1/orders/:numero/estado': 'pedidos.gestionar',
  'POST /v1/pagos/mercadopago/pedidos/:numero/reembolso': 'pedidos.gestionar',
  'GET /v1/caja': 'caja.cerrar',
  'POST /v1/caja/cierres': 'caja.cerrar',
  'GET /v1/caja/cierres': 'caja.ver',
  'GET /v1/caja/cierres/:id/pdf': 'caja.cerrar',
  'GET /v1/reportes/contable': 'reportes.ver',
  'GET /v1/reportes/ingresos': 'reportes.ver',
  'GET /v1/reportes/socios': 'reportes.ver',
  'GET /v1/reportes/asistencia': 'reportes.ver',
  'GET /v1/reportes/tienda': 'reportes.ver',
  'GET /v1/respaldos': 'respaldos.ver',
  'GET /v1/desk/dashboard': 'membresias.gestionar',
  'GET /v1/desk/memberships': 'membresias.gestionar',
  'GET /v1/desk/export': 'membresias.gestionar',
  'GET /v1/memberships/:idUsuario': 'membresias.gestionar',
  'POST /v1/memberships/:idUsuario/payments': 'membresias.gestionar',
  'POST /v1/memberships/:idUsuario/pause': 'membresias.gestionar',
  'POST /v1/memberships/:idUsuario/resume': 'membresias.gestionar',
  'PUT /v1/memberships/:idUsuario/apto': 'membresias.gestionar',
  'POST /v1/payments/:id/void': 'membresias.gestionar',
  'GET /v1/payments/:id/recibo': 'membresias.gestionar',
  'POST /v1/payments/:id/recibo/enviar': 'membresias.gestionar',
  'GET /v1/reminders/templates': 'membresias.gestionar',
  'PUT /v1/reminders/templates/:channel': 'membresias.gestionar',
  'POST /v1/reminders': 'membresias.gestionar',
  'POST /v1/clients/:idUsuario/member-access': 'membresias.gestionar',
  'DELETE /v1/clients/:idUsuario/member-sessions': 'membresias.gestionar',
  'GET /v1/desk/comprobantes': 'membresias.gestionar',
  'GET /v1/desk/comprobantes/:id/archivo': 'membresias.gestionar',
  'POST /v1/desk/comprobantes/:id/aprobar': 'membresias.gestionar',
  'POST /v1/desk/comprobantes/:id/rechazar': 'membresias.gestionar',
  'GET /v1/pagos/mercadopago/socios/:idUsuario/reembolsos': 'membresias.gestionar',
  'GET /v1/clases/sesiones': 'clases.ver',
  'GET /v1/clases/sesiones/:id': 'clases.ver',
  'POST /v1/clases/sesiones/:id/reservas': 'clases.gestionar',
  'POST /v1/clases/sesiones/:id/suspender': 'clases.gestionar',
  'POST /v1/clases/dias/:dia/suspender': 'clases.gestionar',
  'POST /v1/clases/reservas/:id/cancelar': 'clases.gestionar',
  'POST /v1/clases/reservas/:id/asistencia': 'clases.asistencia',
  'DELETE /v1/clases/reservas/:id/asistencia': 'clases.asistencia',
  'GET /v1/clases/configuracion': 'clases.ver',
  'POST /v1/clases/horarios': 'clases.configurar',
  'PUT /v1/clases/horarios/:id': 'clases.configurar',
  'PUT /v1/clases/reglas': 'clases.configurar',
  'PUT /v1/clases/planes/:idPlan': 'clases.configurar',
  'POST /v1/clases/ingresos': 'clases.gestionar',
  'GET /v1/clases/ingresos': 'clases.gestionar',
  'GET /v1/clases/buscar': 'clases.gestionar',
  'PUT /v1/clases/clientes/:idUsuario/dni': 'clases.gestionar',
  'GET /v1/clases/clientes/:idUsuario': 'clases.ver',
  'GET /v1/clases/hoy': 'clases.ver',
  'GET /v1/clases/ocupacion': 'clases.ver',
};

/**
 * Fields of an answer that only some of the roles a route lets in may read: the rest get the answer
 * without them. The role walk (roles.api.test.ts) asks each route here as each role.
 */
export const FIELD_PERMISSIONS = {
  'GET /v1/clases/clientes/:idUsuario': { dni: 'clases.gestionar' },
} as const satisfies Record<string, Record<string, Action>>;

/**
 * Routes that change something but are not a staff change: sign-in itself (recorded as login
 * events), and a buyer's order (public; the order row keeps who bought and when).
 */
export const UNAUDITED_WRITES = new Set([
  'POST /v1/staff-code/verify',
  'POST /v1/user/login',
  'POST /v1/user/logout',
  'POST /v1/orders',
  'POST /v1/socio/ingresar',
  'POST /v1/socio/enlace',
  // Mercado Pago: what the provider's notification and the buyer's return apply is audited with the
  // provider as actor; starting a checkout changes nothing of the gym's.
  'POST /v1/pagos/mercadopago/webhook',
  'POST /v1/pagos/mercadopago/pedidos/:numero',
  'POST /v1/pagos/mercadopago/pedidos/:numero/estado',
]);

/** The members' portal: a member session (its own cookie) opens them, a staff session never does. */
export const MEMBER_ROUTES = new Set([
  'GET /v1/socio/yo',
  'GET /v1/socio/qr',
  'GET /v1/socio/recibos/:id',
  'POST /v1/socio/comprobantes',
  'GET /v1/socio/comprobantes',
  'GET /v1/socio/comprobantes/:id/archivo',
  'POST /v1/socio/salir',
  'GET /v1/socio/clases',
  'POST /v1/socio/clases/:id/reserva',
  'POST /v1/socio/reservas/:id/cancelar',
  'POST /v1/socio/mercadopago',
  'GET /v1/socio/mercadopago',
]);

/** Open to anyone, proven by a signature instead of a session (401 when it does not hold). */
export const SIGNED_ROUTES = new Set(['POST /v1/pagos/mercadopago/webhook']);

/** Routes open to a visitor with a secret (the buyer's order link) and to staff by permission. */
export const TOKEN_OR_STAFF_ROUTES = new Set(['GET /v1/orders/:numero']);

/** `HEAD` is served by a `GET` route. */
export const routeKey = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path}`;
