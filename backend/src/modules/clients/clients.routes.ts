import { Router, type RequestHandler } from 'express';
import { allow } from '../../http/route-access';
import type { createClientsController } from './clients.controller';

const archive = {
  notes:
    '`{clients: [{client, archivedAt, archivedBy, history: {pagos, totalPagadoCentavos, pedidos}}]}`; the restored client (404 `El usuario no está archivado`)',
};

export function clientsRoutes(controller: ReturnType<typeof createClientsController>, requireStaff: RequestHandler) {
  return Router()
    .get(
      '/obtenerlistadeusuarios',
      requireStaff,
      allow('clientes.ver', {
        notes:
          'array of clients `{idUsuario, nombre, edad, correo, celular, plan, turno, entrenador, updatedAt}`, in the order they were added',
      }),
      controller.list,
    )
    .post(
      '/agregarusuario',
      requireStaff,
      allow('clientes.editar', {
        input: '{idUsuario?, nombre, edad, correo, celular, plan, turno?, entrenador?}',
        notes:
          '201 the client; the server makes `idUsuario` when absent and gives the least busy shift and trainer unless named; 400 with the first SPEC §5 rule that fails or an unknown plan; 409 `idUsuario` taken',
      }),
      controller.create,
    )
    .post(
      '/obtenerdatausuario',
      requireStaff,
      allow('clientes.ver', { input: '{idUsuario}', notes: '`[client]`; 404 `El usuario no existe`' }),
      controller.get,
    )
    .post(
      '/actualizarusuario',
      requireStaff,
      allow('clientes.editar', {
        input: '{…client, updatedAt?}',
        notes: 'the client (shift and trainer kept unless named); a stale `updatedAt` is 409',
      }),
      controller.update,
    )
    .post(
      '/borrarusuario',
      requireStaff,
      allow('clientes.editar', {
        input: '{idUsuario}',
        notes:
          '`{message, archived}`; a client with payments or shop orders (by its e-mail) is archived instead of deleted (`archived: true`): hidden from every list, kept with its money and history; 404 for an unknown client',
      }),
      controller.remove,
    )
    .get('/clients/archived', requireStaff, allow('clientes.archivo', archive), controller.listArchived)
    .post('/clients/:idUsuario/restore', requireStaff, allow('clientes.archivo', archive), controller.restore);
}
