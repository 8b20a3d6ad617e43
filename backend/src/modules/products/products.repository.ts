import type { Knex } from 'knex';
import { priceBucketRange, type Product, type ProductFilters, type ProductInput } from '@gym/contracts';

interface ProductRow {
  id: string;
  nombre: string;
  categoria: string[];
  precio: string | number;
  imagen: string;
  descripcion: string;
  portada: boolean;
  talle: Product['talle'];
  color: Product['color'];
  stock: number;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'nombre',
  'categoria',
  'precio',
  'imagen',
  'descripcion',
  'portada',
  'talle',
  'color',
  'stock',
  'updated_at',
];

const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  nombre: row.nombre,
  categoria: row.categoria,
  precio: Number(row.precio),
  imagen: row.imagen,
  descripcion: row.descripcion,
  portada: row.portada,
  talle: row.talle,
  color: row.color,
  stock: row.stock,
  updatedAt: row.updated_at.toISOString(),
});

const toRow = (input: ProductInput) => ({
  nombre: input.nombre,
  categoria: input.categoria,
  precio: input.precio,
  imagen: input.imagen,
  descripcion: input.descripcion,
  portada: input.portada,
  talle: input.talle,
  color: input.color,
  stock: input.stock,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function applyFilters(query: Knex.QueryBuilder, f: ProductFilters): Knex.QueryBuilder {
  if (f.categoria && f.categoria !== 'all') query.whereRaw('categoria @> ARRAY[?]::text[]', [f.categoria]);
  if (f.talle) query.whereRaw('talle @> ARRAY[?]::text[]', [f.talle]);
  if (f.color) query.whereRaw('color @> ARRAY[?]::text[]', [f.color]);
  if (f.precio !== undefined) {
    const { above, upTo } = priceBucketRange(f.precio);
    query.where('precio', '>', above);
    if (upTo !== null) query.where('precio', '<=', upTo);
  }
  if (f.portada !== undefined) query.where('portada', f.portada);
  if (f.q) query.whereILike('nombre', `%${escapeLike(f.q)}%`);
  return query;
}

const ORDER: Record<NonNullable<ProductFilters['sort']>, [string, 'asc' | 'desc'][]> = {
  nombre: [
    ['nombre', 'asc'],
    ['id', 'asc'],
  ],
  precio_asc: [
    ['precio', 'asc'],
    ['id', 'asc'],
  ],
  precio_desc: [
    ['precio', 'desc'],
    ['id', 'asc'],
  ],
};

export function createProductsRepository(db: Knex) {
  return {
    async list(filters: ProductFilters): Promise<Product[]> {
      const query = applyFilters(db('products').select(COLUMNS), filters);
      for (const [column, direction] of ORDER[filters.sort ?? 'nombre']) query.orderBy(column, direction);
      if (filters.limit) query.limit(filters.limit).offset(((filters.page ?? 1) - 1) * filters.limit);
      const rows: ProductRow[] = await query;
      return rows.map(toProduct);
    },

    async count(filters: ProductFilters): Promise<number> {
      const row = await applyFilters(db('products').count({ count: '*' }), filters).first();
      return Number((row as { count?: string | number } | undefined)?.count ?? 0);
    },

    async findById(id: string): Promise<Product | undefined> {
      const row: ProductRow | undefined = await db('products').select(COLUMNS).where({ id }).first();
      return row && toProduct(row);
    },

    async insert(input: ProductInput, now: Date): Promise<Product> {
      const [row] = await db('products')
        .insert({ ...toRow(input), created_at: now, updated_at: now })
        .returning(COLUMNS);
      return toProduct(row as ProductRow);
    },

    /** Updates only when the row still carries `expectedUpdatedAt` (if given); undefined when nothing matched. */
    async update(id: string, input: ProductInput, now: Date, expectedUpdatedAt?: Date): Promise<Product | undefined> {
      const query = db('products').where({ id });
      if (expectedUpdatedAt) query.andWhere('updated_at', expectedUpdatedAt);
      const [row] = await query.update({ ...toRow(input), updated_at: now }).returning(COLUMNS);
      return row && toProduct(row as ProductRow);
    },

    async delete(id: string): Promise<boolean> {
      const deleted: unknown[] = await db('products').where({ id }).delete().returning('id');
      return deleted.length > 0;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
