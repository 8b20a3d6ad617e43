/**
 * What the API records in the audit log: each entity (`audit_log.entity`) and the actions on it
 * (`audit_log.action`). The audit screen reads every pair as a sentence: its table of sentences is a
 * `Record<AuditKey, …>`, so a pair added here without a sentence fails the front end's typecheck;
 * backend/src/modules/audit/audit-sentences.test.ts fails when the API records a pair not listed here.
 */
export const AUDIT_ACTIONS = {
  cliente: ['crear', 'editar', 'borrar', 'archivar', 'restaurar', 'dni'],
  membresia: [
    'registrar_pago',
    'anular_pago',
    'pausar',
    'reanudar',
    'apto_fisico',
    'devolver_pago',
    'enviar_recibo',
    'debito_activar',
    'debito_frenar',
  ],
  turno: ['editar'],
  plan: ['crear', 'editar', 'borrar', 'clases'],
  producto: ['crear', 'editar', 'borrar'],
  pedido: ['cambiar_estado', 'devolver_pago'],
  caja: ['cerrar'],
  imagen: ['subir'],
  mensaje: ['enviar'],
  plantilla: ['editar'],
  recordatorio: ['enviar'],
  cuenta: ['registrar', 'cambiar_rol', 'desactivar', 'activar', 'restablecer_contrasena', 'cambiar_contrasena'],
  sesion: ['cerrar_sesion'],
  socio: ['enviar_acceso', 'cerrar_sesiones', 'salir'],
  comprobante: ['subir', 'rechazar'],
  reserva: ['reservar', 'cancelar', 'asistencia', 'deshacer_asistencia', 'ausentes', 'desbloquear'],
  clase: ['suspender', 'suspender_dia'],
  horario: ['crear', 'editar'],
  reglas_clases: ['editar'],
  ingreso: ['registrar'],
  baja: ['pedir'],
  arrepentimiento: ['pedir'],
  factura: ['reintentar'],
  cambio_precio: ['programar', 'editar', 'cancelar', 'posponer', 'aplicar'],
  whatsapp: ['consentimiento', 'te_extranamos'],
} as const satisfies Record<string, readonly string[]>;

export type AuditEntity = keyof typeof AUDIT_ACTIONS;
/** An entity/action pair as 'entity.action': 'cliente.crear'. */
export type AuditKey = { [E in AuditEntity]: `${E}.${(typeof AUDIT_ACTIONS)[E][number]}` }[AuditEntity];

/** Every pair the API records, as 'entity.action'. */
export const AUDIT_KEYS: readonly AuditKey[] = Object.entries(AUDIT_ACTIONS).flatMap(([entity, actions]) =>
  actions.map((action) => `${entity}.${action}` as AuditKey),
);
