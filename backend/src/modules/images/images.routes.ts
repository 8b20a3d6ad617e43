import express, { Router, type RequestHandler } from 'express';
import { IMAGE_MAX_BYTES, imageMessages } from '@gym/contracts/images';
import { TooLarge } from '../../shared/errors';
import { allow, open } from '../../http/route-access';
import type { createImagesController } from './images.controller';

/** The file itself is the body, up to 2 MB; past that, the upload's own Spanish 413. */
const rawImage: RequestHandler = (req, res, next) =>
  express.raw({ type: () => true, limit: IMAGE_MAX_BYTES })(req, res, (err?: unknown) =>
    next(
      (err as { type?: string } | undefined)?.type === 'entity.too.large' ? new TooLarge(imageMessages.tooLarge) : err,
    ),
  );

/** Staff upload product pictures; anyone may read one (the shop shows them). */
export function imagesRoutes(controller: ReturnType<typeof createImagesController>, requireStaff: RequestHandler) {
  return Router()
    .post(
      '/images',
      requireStaff,
      allow('productos.editar', {
        input: '(the picture as body)',
        notes: "201 `{url}`: a product's picture (JPEG, PNG or WebP, read from its bytes), up to 2 MB (413 past that)",
      }),
      rawImage,
      controller.upload,
    )
    .get('/images/:id', open({ notes: 'the picture, for the shop' }), controller.show);
}
