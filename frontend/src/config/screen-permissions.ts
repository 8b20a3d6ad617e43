import type { Action } from '@gym/contracts/roles';

/**
 * What each admin screen needs, from the role table in contracts (first match wins). The menus,
 * the panel's cards and the "no tenés permiso" page all read this list.
 */
export const SCREEN_PERMISSIONS: [RegExp, Action][] = [
  [/^\/admin\/productos/, 'productos.editar'],
  [/^\/admin\/users/, 'personal.gestionar'],
  [/^\/admin\/auditoria/, 'auditoria.ver'],
  [/^\/admin\/cuenta/, 'cuenta.propia'],
  [/^\/admin\/pedidos/, 'pedidos.gestionar'],
  [/^\/admin\/clases/, 'clases.ver'],
  [/^\/admin\/ingreso/, 'clases.gestionar'],
  [/^\/admin\/caja/, 'caja.cerrar'],
  [/^\/admin\/reportes/, 'reportes.ver'],
  [/^\/admin\/facturas/, 'facturas.ver'],
  [/^\/admin\/precios/, 'precios.ver'],
  [/^\/admin\/bajas/, 'membresias.gestionar'],
  [/^\/membresias/, 'membresias.gestionar'],
  [/^\/clientes\/archivados/, 'clientes.archivo'],
  [/^\/(agregarusuario|editarusuario)/, 'clientes.editar'],
  [/^\/(clientes|listadeusuarios)/, 'clientes.ver'],
  [/^\/(agregarplan|editarplan)/, 'planes.editar'],
  [/^\/planes/, 'planes.ver'],
  [/^\/turnos/, 'turnos.ver'],
  [/^\/(chat|chatparticular)/, 'mensajes.enviar'],
];

export function screenAction(pathname: string): Action | undefined {
  return SCREEN_PERMISSIONS.find(([pattern]) => pattern.test(pathname))?.[1];
}
