/** Product pictures staff upload (POST /v1/images). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The pixel budget of an upload, read from its header before anything is decoded: a few KB can declare
 * 10000×10000 pixels (400 MB once decoded). 4096 per side takes a 12 MP phone photo (4032×3024).
 */
export const IMAGE_MAX_INPUT_SIDE = 4096;
export const IMAGE_MAX_INPUT_PIXELS = 16_000_000;
/** Every upload is decoded, scaled down to fit this square (never up) and re-encoded, which also drops its metadata. */
export const IMAGE_MAX_SIDE = 800;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const imageMessages = {
  missing: 'Elegí una imagen JPEG, PNG o WebP',
  wrongType: 'La imagen debe ser JPEG, PNG o WebP',
  tooLarge: 'La imagen no puede pasar de 2 MB',
  tooManyPixels: 'La imagen no puede pasar de 4096 píxeles por lado ni de 16 megapíxeles',
  unreadable: 'No se pudo leer la imagen: puede estar dañada',
  notFound: 'La imagen no existe',
  uploaded: 'Imagen subida',
} as const;
