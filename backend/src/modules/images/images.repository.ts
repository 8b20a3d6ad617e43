import type { Knex } from 'knex';
import type { ImageType } from '@gym/contracts/images';
import { UUID } from '../../shared/ids';

export interface StoredImage {
  contentType: ImageType;
  bytes: Buffer;
}

export function createImagesRepository(db: Knex) {
  return {
    async insert(image: StoredImage & { width: number | null; height: number | null }): Promise<string> {
      const [row] = await db('product_images')
        .insert({ content_type: image.contentType, bytes: image.bytes, width: image.width, height: image.height })
        .returning<{ id: string }[]>('id');
      return row!.id;
    },

    async find(id: string): Promise<StoredImage | undefined> {
      if (!UUID.test(id)) return undefined;
      const row = await db('product_images').where({ id }).first<{ content_type: ImageType; bytes: Buffer }>();
      return row && { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
