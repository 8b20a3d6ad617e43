// Draws the demo catalogue's product images as small SVGs into frontend/public/img/productos.
// Run once after adding a seed product: node scripts/assets/product-images.mjs
import fs from 'node:fs';
import path from 'node:path';

const OUT = path.resolve(import.meta.dirname, '../../frontend/public/img/productos');

const shapes = {
  shirt: '<path d="M140 90l40-20h40l40 20 40 40-30 30-20-15v135H150V145l-20 15-30-30z"/>',
  tank: '<path d="M160 80h20c0 20 40 20 40 0h20l10 60v155H150V140z"/>',
  legs: '<path d="M150 80h100l10 230h-45l-15-150-15 150h-45z"/>',
  shorts: '<path d="M140 110h120l20 130h-70l-10-60-10 60h-70z"/>',
  hoodie:
    '<path d="M160 80c0-30 80-30 80 0l50 40-25 40-15-10v145H150V150l-15 10-25-40z"/><circle cx="200" cy="95" r="22" fill-opacity=".35" fill="#000"/>',
  sock: '<path d="M170 80h60v140l40 40c20 20 0 60-30 45l-70-40z"/>',
  cap: '<path d="M120 220c0-70 40-110 80-110s80 40 80 110z"/><path d="M200 220h120c0 15-20 25-40 25h-80z"/>',
  glove:
    '<path d="M150 120c0-40 100-40 100 10v90c0 40-100 40-100 0z"/><rect x="150" y="250" width="100" height="50" rx="10"/>',
  wrap: '<circle cx="200" cy="200" r="80"/><circle cx="200" cy="200" r="30" fill="#fff" fill-opacity=".6"/>',
  bottle: '<rect x="165" y="100" width="70" height="210" rx="25"/><rect x="180" y="70" width="40" height="35" rx="6"/>',
  towel:
    '<rect x="120" y="110" width="160" height="190" rx="12"/><path d="M120 150h160" stroke="#fff" stroke-opacity=".6" stroke-width="10"/>',
  mat: '<rect x="110" y="150" width="180" height="110" rx="55"/><circle cx="165" cy="205" r="40" fill="#fff" fill-opacity=".35"/>',
  bag: '<rect x="110" y="150" width="180" height="130" rx="30"/><path d="M160 150c0-50 80-50 80 0" fill="none" stroke="#1f2937" stroke-width="14"/>',
  rope: '<path d="M130 120c40 220 100 220 140 0" fill="none" stroke="#1f2937" stroke-width="10"/><rect x="115" y="80" width="30" height="60" rx="10"/><rect x="255" y="80" width="30" height="60" rx="10"/>',
  belt: '<rect x="90" y="170" width="220" height="70" rx="20"/><rect x="180" y="160" width="50" height="90" rx="8" fill="#1f2937"/>',
  dumbbell:
    '<rect x="110" y="150" width="40" height="110" rx="8"/><rect x="250" y="150" width="40" height="110" rx="8"/><rect x="150" y="190" width="100" height="30"/>',
  kettlebell:
    '<circle cx="200" cy="230" r="75"/><path d="M155 170c0-70 90-70 90 0" fill="none" stroke="#1f2937" stroke-width="20"/>',
  barbell:
    '<rect x="60" y="195" width="280" height="16" rx="8"/><rect x="90" y="140" width="30" height="126" rx="6"/><rect x="280" y="140" width="30" height="126" rx="6"/>',
  plate: '<circle cx="200" cy="205" r="100"/><circle cx="200" cy="205" r="22" fill="#fff"/>',
  bench:
    '<rect x="90" y="170" width="220" height="35" rx="10"/><path d="M120 205v90M280 205v90M200 205v90" stroke="#1f2937" stroke-width="16"/>',
  bike: '<circle cx="140" cy="260" r="45" fill="none" stroke="#1f2937" stroke-width="14"/><path d="M140 260l60-110h60M200 150l20 110" stroke="#1f2937" stroke-width="14" fill="none"/><rect x="170" y="130" width="50" height="18" rx="8"/>',
  wheel: '<circle cx="200" cy="210" r="80"/><rect x="80" y="200" width="240" height="20" rx="10" fill="#1f2937"/>',
  bands:
    '<ellipse cx="200" cy="200" rx="110" ry="60" fill="none" stroke-width="22" stroke="currentColor"/><ellipse cx="200" cy="210" rx="80" ry="40" fill="none" stroke-width="16" stroke="#1f2937"/>',
  step: '<path d="M90 260l40-70h140l40 70z"/><rect x="90" y="260" width="220" height="25" rx="6" fill="#1f2937"/>',
};

const products = {
  'remera-dry-fit': ['shirt', '#2563eb'],
  'musculosa-training': ['tank', '#111827'],
  'calza-deportiva': ['legs', '#111827'],
  'short-running': ['shorts', '#6b7280'],
  'buzo-con-capucha': ['hoodie', '#6b7280'],
  'campera-rompeviento': ['hoodie', '#dc2626'],
  'pantalon-jogger': ['legs', '#78350f'],
  'medias-deportivas': ['sock', '#f8fafc'],
  'top-deportivo': ['tank', '#dc2626'],
  'gorra-deportiva': ['cap', '#2563eb'],
  'guantes-de-boxeo': ['glove', '#dc2626'],
  'vendas-de-boxeo': ['wrap', '#111827'],
  'botella-termica': ['bottle', '#6b7280'],
  'toalla-microfibra': ['towel', '#2563eb'],
  'colchoneta-yoga': ['mat', '#7c3aed'],
  'bolso-deportivo': ['bag', '#111827'],
  'soga-de-saltar': ['rope', '#ea580c'],
  'cinturon-de-fuerza': ['belt', '#78350f'],
  'mancuernas-5kg': ['dumbbell', '#374151'],
  'kettlebell-12kg': ['kettlebell', '#374151'],
  'barra-olimpica': ['barbell', '#4b5563'],
  'discos-10kg': ['plate', '#111827'],
  'banco-regulable': ['bench', '#ea580c'],
  'bicicleta-fija': ['bike', '#ea580c'],
  'rueda-abdominal': ['wheel', '#4b5563'],
  'bandas-elasticas': ['bands', '#16a34a'],
  'step-aerobico': ['step', '#2563eb'],
};

/** One tinted picture per colour a product can be sold in (contracts COLORS): `<slug>-<colour>.svg`. */
const COLOR_HEX = {
  azul: '#2563eb',
  negro: '#111827',
  gris: '#6b7280',
  marron: '#78350f',
  blanco: '#f8fafc',
  rojo: '#dc2626',
};

const draw = (shape, color) => {
  const light = color === '#f8fafc';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="#fed7aa"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/><ellipse cx="200" cy="330" rx="120" ry="16" fill="#000" fill-opacity=".08"/><g fill="${color}" color="${color}"${light ? ' stroke="#9ca3af" stroke-width="4"' : ''}>${shapes[shape]}</g></svg>\n`;
};

fs.mkdirSync(OUT, { recursive: true });
for (const [slug, [shape, color]] of Object.entries(products)) {
  fs.writeFileSync(path.join(OUT, `${slug}.svg`), draw(shape, color));
  for (const [name, hex] of Object.entries(COLOR_HEX)) {
    fs.writeFileSync(path.join(OUT, `${slug}-${name}.svg`), draw(shape, hex));
  }
}
console.log(`${Object.keys(products).length} images written to ${path.relative(process.cwd(), OUT)}`);
