import sharp from 'sharp';
import {
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_MAX_INPUT_SIDE,
  IMAGE_MAX_SIDE,
  imageMessages as m,
  type ImageType,
} from '@gym/contracts/images';
import { ValidationFailed } from '../../shared/errors';

// libvips decodes on libuv's thread pool, never on the event loop. One libvips thread per image and no
// operation cache: uploads are rare and each is seen once, so memory matters more than speed.
sharp.concurrency(1);
sharp.cache(false);

const FORMAT: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Refuses an image whose header declares more than the budget, before a pixel is decoded. */
async function checkHeader(bytes: Buffer, type: ImageType) {
  // sharp's own pixel limit would answer an English error here; the budget is checked below instead.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.width || !header.height || header.format !== FORMAT[type]) throw new ValidationFailed(m.unreadable);
  const { width, height } = header;
  if (Math.max(width, height) > IMAGE_MAX_INPUT_SIDE || width * height > IMAGE_MAX_INPUT_PIXELS) {
    throw new ValidationFailed(m.tooManyPixels);
  }
}

function encode(bytes: Buffer, type: ImageType) {
  // limitInputPixels again: the decoder itself stops at the budget whatever the header said.
  const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
    .autoOrient() // the photo's EXIF orientation is applied to the pixels, as the EXIF itself is dropped
    .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  const encoded =
    type === 'image/jpeg'
      ? image.jpeg({ quality: 82 })
      : type === 'image/png'
        ? image.png()
        : image.webp({ quality: 82 });
  return encoded.toBuffer({ resolveWithObject: true });
}

// One decode at a time per process: a 16 MP interlaced PNG needs its whole 64 MB bitmap at once, so
// four staff uploading together would otherwise hold 350 MB. Header checks do not wait in this line.
let line: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = line.then(task, task);
  line = run.catch(() => undefined);
  return run;
}

/**
 * Decodes the whole image within the pixel budget and encodes it again in its own format, scaled to fit
 * IMAGE_MAX_SIDE. Only these new bytes are stored: nothing the sender appended survives, nor any
 * metadata (EXIF with the phone's GPS position, comments, profiles).
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<EncodedImage> {
  await checkHeader(bytes, type);
  const { data, info } = await oneAtATime(() => encode(bytes, type)).catch(() => {
    throw new ValidationFailed(m.unreadable);
  });
  return { bytes: data, width: info.width, height: info.height };
}
