import type { RequestHandler } from 'express';
import { imageMessages } from '@gym/contracts/images';
import { ValidationFailed } from '../../shared/errors';
import type { ImagesService } from './images.service';

export function createImagesController(service: ImagesService) {
  /** The raw body (express.raw in the route) is the file's bytes; nothing sent is a 400. */
  const upload: RequestHandler = async (req, res) => {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new ValidationFailed(imageMessages.missing);
    res.status(201).json(await service.upload(body));
  };

  const show: RequestHandler<{ id: string }> = async (req, res) => {
    const image = await service.get(req.params.id);
    res
      .set({
        'Content-Type': image.contentType,
        // an id never changes what it points to
        'Cache-Control': 'public, max-age=31536000, immutable',
        // An uploaded file, like a member's receipt: an <img> shows it; opened by itself it is a
        // download, never a page of this origin, never sniffed into another type.
        'Content-Disposition': `attachment; filename="foto-${req.params.id.slice(0, 8)}.${image.contentType.replace('image/', '')}"`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': 'sandbox',
      })
      .send(image.bytes);
  };

  return { upload, show };
}
