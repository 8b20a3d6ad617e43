import type { Color } from '@gym/contracts/catalog';

/** The drawn catalogue pictures (scripts/assets/product-images.mjs) come tinted in every colour. */
const DRAWN = /^\/img\/productos\/([a-z0-9-]+)\.svg$/;

/** The picture of a product in the chosen colour: its tinted drawing, or its own picture otherwise. */
export function pictureFor(imagen: string, color: Color | ''): string {
  const drawn = DRAWN.exec(imagen);
  return drawn && color ? `/img/productos/${drawn[1]}-${color}.svg` : imagen;
}
