import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { auditedWrites, type AuditRecorder } from '../audit';
import { createImagesController } from './images.controller';
import { createImagesRepository } from './images.repository';
import { imagesRoutes } from './images.routes';
import { createImagesService } from './images.service';

export function imagesModule(deps: { db: Knex; audit: AuditRecorder }, requireStaff: RequestHandler) {
  const service = createImagesService({
    images: createImagesRepository(deps.db),
    write: auditedWrites(deps.db, deps.audit, createImagesRepository),
  });
  return { router: imagesRoutes(createImagesController(service), requireStaff) };
}

/** For other uploads of pictures (a member's transfer receipt): the same sniffing and re-encoding. */
export { sniffImageType } from './images.service';
export { reencodeImage } from './image-codec';
