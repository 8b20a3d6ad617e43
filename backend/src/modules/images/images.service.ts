import { IMAGE_MAX_BYTES, imageMessages as m, type ImageType } from '@gym/contracts/images';
import { NotFound, TooLarge, ValidationFailed } from '../../shared/errors';
import type { AuditedWrite } from '../audit';
import { reencodeImage } from './image-codec';
import type { ImagesRepository } from './images.repository';

/** The type an upload really is, read from its first bytes (never from its name or header). */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

export function createImagesService(deps: { images: ImagesRepository; write: AuditedWrite<ImagesRepository> }) {
  return {
    /** An image's bytes as uploaded: checked by what they are, re-encoded, stored with its audit row. */
    async upload(body: Buffer): Promise<{ url: string }> {
      if (body.length === 0) throw new ValidationFailed(m.missing);
      if (body.length > IMAGE_MAX_BYTES) throw new TooLarge(m.tooLarge);
      const type = sniffImageType(body);
      if (!type) throw new ValidationFailed(m.wrongType);
      const prepared = await reencodeImage(body, type);
      const id = await deps.write(async (repo, record) => {
        const inserted = await repo.insert({ contentType: type, ...prepared });
        const after = {
          contentType: type,
          bytes: prepared.bytes.length,
          width: prepared.width,
          height: prepared.height,
        };
        await record({ entity: 'imagen', entityId: String(inserted), action: 'subir', after });
        return inserted;
      });
      return { url: `/v1/images/${id}` };
    },

    async get(id: string) {
      const image = await deps.images.find(id);
      if (!image) throw new NotFound(m.notFound);
      return image;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
