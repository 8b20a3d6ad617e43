import type { ProductInput } from '@gym/contracts';

type Seed = Omit<ProductInput, 'imagen' | 'categoria'> & { slug: string; categoria: string };

const all = (categoria: string) => [categoria, 'all'];
const image = (slug: string) => `/img/productos/${slug}.svg`;

/** Demo catalogue: every category, size, colour and price bucket; some out of stock. */
const seeds: Seed[] = [
  { slug: 'remera-dry-fit', nombre: 'Remera Dry Fit', categoria: 'indumentaria', precio: 1400, portada: true, talle: ['xs', 's', 'm', 'l', 'xl'], color: ['azul', 'negro', 'blanco'], stock: 40, descripcion: 'Remera de entrenamiento de secado rápido, liviana y respirable.' },
  { slug: 'musculosa-training', nombre: 'Musculosa Training', categoria: 'indumentaria', precio: 1200, portada: false, talle: ['s', 'm', 'l'], color: ['gris', 'negro'], stock: 25, descripcion: 'Musculosa de algodón peinado con sisa amplia para entrenar cómodo.' },
  { slug: 'calza-deportiva', nombre: 'Calza Deportiva', categoria: 'indumentaria', precio: 2800, portada: true, talle: ['xs', 's', 'm', 'l'], color: ['negro', 'azul', 'gris'], stock: 30, descripcion: 'Calza larga de tiro alto con tela compresiva y bolsillo lateral.' },
  { slug: 'short-running', nombre: 'Short Running', categoria: 'indumentaria', precio: 1900, portada: false, talle: ['s', 'm', 'l', 'xl'], color: ['negro', 'rojo', 'azul'], stock: 18, descripcion: 'Short con calza interna y cintura elástica, ideal para correr.' },
  { slug: 'buzo-con-capucha', nombre: 'Buzo con Capucha', categoria: 'indumentaria', precio: 5400, portada: true, talle: ['s', 'm', 'l', 'xl'], color: ['gris', 'negro', 'marron'], stock: 12, descripcion: 'Buzo de frisa con capucha y bolsillo canguro para antes y después de entrenar.' },
  { slug: 'campera-rompeviento', nombre: 'Campera Rompeviento', categoria: 'indumentaria', precio: 6900, portada: false, talle: ['m', 'l', 'xl'], color: ['azul', 'rojo'], stock: 0, descripcion: 'Campera liviana repelente al agua, plegable en su propio bolsillo.' },
  { slug: 'pantalon-jogger', nombre: 'Pantalón Jogger', categoria: 'indumentaria', precio: 4200, portada: false, talle: ['xs', 's', 'm', 'l', 'xl'], color: ['gris', 'negro', 'marron'], stock: 22, descripcion: 'Jogger de algodón con puños elastizados y cordón ajustable.' },
  { slug: 'medias-deportivas', nombre: 'Medias Deportivas x3', categoria: 'indumentaria', precio: 900, portada: false, talle: ['s', 'm', 'l'], color: ['blanco', 'negro'], stock: 60, descripcion: 'Pack de tres pares de medias con refuerzo en talón y puntera.' },
  { slug: 'top-deportivo', nombre: 'Top Deportivo', categoria: 'indumentaria', precio: 2300, portada: false, talle: ['xs', 's', 'm'], color: ['negro', 'rojo', 'blanco'], stock: 0, descripcion: 'Top de sostén medio con espalda cruzada para clases de alta intensidad.' },
  { slug: 'gorra-deportiva', nombre: 'Gorra Deportiva', categoria: 'indumentaria', precio: 1300, portada: false, talle: [], color: ['negro', 'blanco', 'azul'], stock: 35, descripcion: 'Gorra liviana con visera curva y ajuste trasero.' },
  { slug: 'guantes-de-boxeo', nombre: 'Guantes de Boxeo 12oz', categoria: 'accesorios', precio: 5900, portada: true, talle: [], color: ['rojo', 'negro', 'azul'], stock: 15, descripcion: 'Guantes de cuero sintético con relleno de espuma multicapa y cierre de abrojo.' },
  { slug: 'vendas-de-boxeo', nombre: 'Vendas de Boxeo', categoria: 'accesorios', precio: 800, portada: false, talle: [], color: ['rojo', 'negro', 'blanco'], stock: 50, descripcion: 'Vendas elásticas de 4,5 metros para proteger muñecas y nudillos.' },
  { slug: 'botella-termica', nombre: 'Botella Térmica 750ml', categoria: 'accesorios', precio: 2100, portada: true, talle: [], color: ['azul', 'negro', 'gris', 'blanco'], stock: 28, descripcion: 'Botella de acero inoxidable que mantiene el agua fría durante horas.' },
  { slug: 'toalla-microfibra', nombre: 'Toalla de Microfibra', categoria: 'accesorios', precio: 1100, portada: false, talle: [], color: ['azul', 'gris'], stock: 0, descripcion: 'Toalla compacta de secado rápido, con bolsa de transporte.' },
  { slug: 'colchoneta-yoga', nombre: 'Colchoneta de Yoga', categoria: 'accesorios', precio: 3600, portada: true, talle: [], color: ['azul', 'gris', 'marron'], stock: 20, descripcion: 'Mat antideslizante de 6 mm con correa para llevar.' },
  { slug: 'bolso-deportivo', nombre: 'Bolso Deportivo', categoria: 'accesorios', precio: 4800, portada: false, talle: [], color: ['negro', 'azul', 'rojo'], stock: 10, descripcion: 'Bolso de 40 litros con compartimento para calzado.' },
  { slug: 'soga-de-saltar', nombre: 'Soga de Saltar', categoria: 'accesorios', precio: 1000, portada: false, talle: [], color: ['negro', 'rojo'], stock: 45, descripcion: 'Soga de acero recubierto con rulemanes y mangos de espuma.' },
  { slug: 'cinturon-de-fuerza', nombre: 'Cinturón de Fuerza', categoria: 'accesorios', precio: 3900, portada: false, talle: ['s', 'm', 'l', 'xl'], color: ['negro', 'marron'], stock: 8, descripcion: 'Cinturón lumbar de cuero para levantamientos pesados.' },
  { slug: 'mancuernas-5kg', nombre: 'Par de Mancuernas 5kg', categoria: 'equipos', precio: 4400, portada: false, talle: [], color: ['negro', 'gris'], stock: 14, descripcion: 'Mancuernas hexagonales recubiertas en goma, el par.' },
  { slug: 'kettlebell-12kg', nombre: 'Kettlebell 12kg', categoria: 'equipos', precio: 5600, portada: false, talle: [], color: ['negro', 'rojo'], stock: 9, descripcion: 'Pesa rusa de hierro fundido con base plana y asa texturada.' },
  { slug: 'barra-olimpica', nombre: 'Barra Olímpica 20kg', categoria: 'equipos', precio: 9800, portada: false, talle: [], color: ['gris'], stock: 0, descripcion: 'Barra de 2,20 m con rulemanes, soporta hasta 300 kg.' },
  { slug: 'discos-10kg', nombre: 'Par de Discos 10kg', categoria: 'equipos', precio: 6400, portada: false, talle: [], color: ['negro'], stock: 16, descripcion: 'Discos bumper de goma de alta densidad, el par.' },
  { slug: 'banco-regulable', nombre: 'Banco Regulable', categoria: 'equipos', precio: 12500, portada: true, talle: [], color: ['negro', 'rojo'], stock: 5, descripcion: 'Banco plano, inclinado y declinado con siete posiciones.' },
  { slug: 'bicicleta-fija', nombre: 'Bicicleta Fija', categoria: 'equipos', precio: 45000, portada: false, talle: [], color: ['negro', 'gris'], stock: 3, descripcion: 'Bicicleta de spinning con volante de 13 kg y resistencia regulable.' },
  { slug: 'rueda-abdominal', nombre: 'Rueda Abdominal', categoria: 'equipos', precio: 1450, portada: false, talle: [], color: ['negro', 'azul'], stock: 26, descripcion: 'Rueda doble con mangos antideslizantes y rodillera incluida.' },
  { slug: 'bandas-elasticas', nombre: 'Bandas Elásticas x5', categoria: 'equipos', precio: 2600, portada: false, talle: [], color: ['rojo', 'azul', 'negro', 'gris', 'marron'], stock: 33, descripcion: 'Set de cinco bandas de látex con distintas resistencias.' },
  { slug: 'step-aerobico', nombre: 'Step Aeróbico', categoria: 'equipos', precio: 3300, portada: false, talle: [], color: ['gris', 'negro'], stock: 11, descripcion: 'Step de tres alturas con superficie antideslizante.' },
];

export const seedProducts: ProductInput[] = seeds.map(({ slug, categoria, ...product }) => ({
  ...product,
  categoria: all(categoria),
  imagen: image(slug),
}));

export const seedProductSlugs = seeds.map((s) => ({ slug: s.slug, nombre: s.nombre, color: s.color[0] }));
