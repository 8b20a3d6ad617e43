import type { RequestHandler } from 'express';
import type { ImagesService } from './images.service';

export function createImagesController(service: ImagesService) {
  const upload: RequestHandler = async (req, res) => {
    res.status(201).json(await service.upload(req.body));
  };

  const show: RequestHandler<{ id: string }> = async (req, res) => {
    const image = await service.get(req.params.id);
    // an id never changes what it points to
    res
      .set({ 'Content-Type': image.contentType, 'Cache-Control': 'public, max-age=31536000, immutable' })
      .send(image.bytes);
  };

  return { upload, show };
}
