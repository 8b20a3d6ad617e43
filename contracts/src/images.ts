/** Product pictures staff upload (POST /v1/images). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** JPEG and PNG are scaled down to fit this square (never up) and re-encoded, which also drops their metadata. */
export const IMAGE_MAX_SIDE = 800;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const imageMessages = {
  missing: 'Elegí una imagen JPEG, PNG o WebP',
  wrongType: 'La imagen debe ser JPEG, PNG o WebP',
  tooLarge: 'La imagen no puede pasar de 2 MB',
  unreadable: 'No se pudo leer la imagen: puede estar dañada',
  notFound: 'La imagen no existe',
  uploaded: 'Imagen subida',
} as const;
