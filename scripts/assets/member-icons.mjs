// Draws the members' portal icons (the installable app of /socio) into frontend/public/socio-app:
// the favicon's dumbbell, 192 and 512 px, and a maskable 512 px with room for any mask's crop.
// Run after changing the drawing: node scripts/assets/member-icons.mjs
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../../frontend/public/socio-app');

/** The dumbbell of favicon.svg on the dark background; `inset` shrinks it into a maskable's safe zone. */
const icon = (rounded, inset) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="#111827"/>
<g transform="translate(${inset} ${inset}) scale(${(64 - 2 * inset) / 64})">
<path d="M14 26h6v12h-6zM44 26h6v12h-6zM20 30h24v4H20z" fill="#f97316"/><path d="M10 29h4v6h-4zM50 29h4v6h-4z" fill="#f97316"/>
</g></svg>`;

for (const [name, size, svg] of [
  ['icon-192.png', 192, icon(true, 0)],
  ['icon-512.png', 512, icon(true, 0)],
  ['icon-maskable-512.png', 512, icon(false, 8)],
]) {
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, name));
  console.log(`${name}: ${size}×${size}`);
}
