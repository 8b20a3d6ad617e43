import type { Knex } from 'knex';
import { priceBucketCentavos } from '@gym/contracts/catalog';
import { searchKey, type ProductFilters } from '@gym/contracts/product-filters';
import { centavos } from '@gym/contracts/money';
import type { Product } from '@gym/contracts/products';
import type { IndexEntry } from './catalogue-index';
import { facetMask } from './facets';
import { productJsonSql, type ProductData, type ProductRecord } from './products.wire';
import { createVariantsRepository, withGrid, type VariantTriple } from './variants.repository';

interface ProductRow {
  id: string;
  nombre: string;
  categoria: string[];
  precio_centavos: number;
  imagen: string;
  descripcion: string;
  portada: boolean;
  talle: Product['talle'];
  color: Product['color'];
  updated_at: Date;
}

/** A row read with its stock rows (VARIANTS), in one statement. */
type ProductWithVariantsRow = ProductRow & { variants: VariantTriple[] };

const COLUMNS = [
  'id',
  'nombre',
  'categoria',
  'precio_centavos',
  'imagen',
  'descripcion',
  'portada',
  'talle',
  'color',
  'updated_at',
];

const toProduct = (row: ProductRow): Omit<ProductRecord, 'stock' | 'variantes'> => ({
  _id: row.id,
  nombre: row.nombre,
  categoria: row.categoria,
  precioCentavos: centavos(row.precio_centavos),
  imagen: row.imagen,
  descripcion: row.descripcion,
  portada: row.portada,
  talle: row.talle,
  color: row.color,
  updatedAt: row.updated_at.toISOString(),
});

/**
 * The product's stock rows as [talle, color, stock] triples, read in the same statement as the
 * product (through the unique index product_variants_combo, which starts with product_id).
 */
const VARIANTS = `(SELECT coalesce(json_agg(json_build_array(v.talle, v.color, v.stock)), '[]'::json)
  FROM product_variants v WHERE v.product_id = p.id) AS variants`;
const P_COLUMNS = COLUMNS.map((column) => `p.${column}`);
const ROW_WITH_VARIANTS = `SELECT ${P_COLUMNS.join(', ')}, ${VARIANTS} FROM products p WHERE p.id = `;
const BY_ID = `${ROW_WITH_VARIANTS}?`;
/**
 * The product's stock grid as contracts' variantGrid makes it: every size x colour it sells (sizes
 * first, in its lists' order; null where it has none), with the stock held or 0, and their sum.
 */
const GRID = `(SELECT coalesce(sum(v.stock), 0)::int AS stock,
    json_agg(json_build_object('talle', t.talle, 'color', c.color, 'stock', coalesce(v.stock, 0)) ORDER BY t.i, c.j)
      AS variantes
  FROM unnest(coalesce(nullif(p.talle, '{}'), ARRAY[NULL]::text[])) WITH ORDINALITY t(talle, i)
  CROSS JOIN unnest(coalesce(nullif(p.color, '{}'), ARRAY[NULL]::text[])) WITH ORDINALITY c(color, j)
  LEFT JOIN product_variants v ON v.product_id = p.id
    AND coalesce(v.talle, '') = coalesce(t.talle, '') AND coalesce(v.color, '') = coalesce(c.color, '')) AS g`;
/** The product as the API answers it (contracts' Product, key for key), written as JSON text by PostgreSQL. */
const PRODUCT_JSON = productJsonSql(GRID);
/** Past this many products whose stock changed since a reader's last read, it drops all it holds. */
export const MAX_CHANGED = 1000;
/**
 * In one snapshot: the catalogue version; the oldest transaction still running (the reader's next
 * watermark); the products whose stock a transaction at least as recent as the last watermark
 * changed (none without one); and the JSON of the products asked, plus those of `held` that
 * changed (migration 0018_stock_changes).
 */
const VERSION_AND_JSON = `WITH changed AS (
    SELECT DISTINCT v.product_id AS id FROM product_variants v WHERE v.stock_xid >= ?::xid8 LIMIT ${MAX_CHANGED + 1})
  SELECT c.version, pg_snapshot_xmin(pg_current_snapshot())::text AS watermark,
         ARRAY(SELECT id FROM changed) AS changed, r.id, r.json
  FROM (SELECT version FROM catalogue_version LIMIT 1) AS c(version)
  LEFT JOIN LATERAL (SELECT p.id, ${PRODUCT_JSON} AS json FROM products p
    WHERE p.id = ANY(?::uuid[] || ARRAY(SELECT id FROM changed WHERE id = ANY(?::uuid[])))) AS r ON true`;
/** Rows read at a time for the in-memory index: a little memory at once, whatever the catalogue's size. */
const INDEX_CHUNK = 5000;

const toFullProduct = (row: ProductWithVariantsRow): ProductRecord => withGrid(toProduct(row), row.variants);

const toRow = (input: ProductData) => ({
  nombre: input.nombre,
  categoria: input.categoria,
  precio_centavos: input.precioCentavos,
  imagen: input.imagen,
  descripcion: input.descripcion,
  portada: input.portada,
  talle: input.talle,
  color: input.color,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** With a mask, category, size and colour are one integer test that an index entry can answer. */
function applyFilters(query: Knex.QueryBuilder, f: ProductFilters, mask?: number): Knex.QueryBuilder {
  if (mask !== undefined) {
    if (mask !== 0) query.whereRaw('(facet_bits & ?) = ?', [mask, mask]);
  } else {
    if (f.categoria && f.categoria !== 'all') query.whereRaw('categoria @> ARRAY[?]::text[]', [f.categoria]);
    if (f.talle) query.whereRaw('talle @> ARRAY[?]::text[]', [f.talle]);
    if (f.color) query.whereRaw('color @> ARRAY[?]::text[]', [f.color]);
  }
  if (f.precio !== undefined) {
    const { above, upTo } = priceBucketCentavos(f.precio);
    query.where('precio_centavos', '>', above);
    if (upTo !== null) query.where('precio_centavos', '<=', upTo);
  }
  if (f.portada !== undefined) query.where('portada', f.portada);
  if (f.q) query.whereRaw('gym_search_key(nombre) LIKE ?', [`%${escapeLike(searchKey(f.q))}%`]);
  return query;
}

/** Every order ends on id, so pages are stable; each matches a covering btree (nombre, id) or (precio_centavos, id). */
const ORDER: Record<NonNullable<ProductFilters['sort']>, [string, 'asc' | 'desc'][]> = {
  nombre: [
    ['nombre', 'asc'],
    ['id', 'asc'],
  ],
  precio_asc: [
    ['precio_centavos', 'asc'],
    ['id', 'asc'],
  ],
  precio_desc: [
    ['precio_centavos', 'desc'],
    ['id', 'desc'],
  ],
};

/**
 * Walking a covering index in sort order tests about this many entries in the time the GIN
 * indexes take to fetch and sort one matching row: the walk is chosen while
 * (rows walked to fill the page) <= WALK_VS_FETCH x (matches).
 */
const WALK_VS_FETCH = 10;
const ANY = '*';

/** The row of product_facet_counts that holds the number of products matching these filters. */
const facetKey = (f: ProductFilters) => ({
  categoria: f.categoria && f.categoria !== 'all' ? f.categoria : ANY,
  talle: f.talle ?? ANY,
  color: f.color ?? ANY,
  bucket: f.precio ?? -1,
  portada: f.portada === undefined ? ANY : String(f.portada),
});

export function createProductsRepository(db: Knex) {
  const variants = createVariantsRepository();

  /** Exact and O(1) from product_facet_counts (kept by triggers); a text search counts its matches. */
  async function count(filters: ProductFilters): Promise<number> {
    if (filters.q) {
      const row = await applyFilters(db('products').count({ count: '*' }), filters).first();
      return (row as { count?: number } | undefined)?.count ?? 0;
    }
    const row: { n: number } | undefined = await db('product_facet_counts').where(facetKey(filters)).first('n');
    return row?.n ?? 0;
  }

  const facetCount = (key: ReturnType<typeof facetKey>) =>
    db.raw('coalesce((?), 0)', [db('product_facet_counts').where(key).select('n')]);

  /** t.total: the matches; t.walk: the entries a walk of the sort's index covers (its price bucket, or all). */
  function pageQuery(filters: ProductFilters & { page: number; limit: number }, knownTotal?: number) {
    const order = ORDER[filters.sort ?? 'nombre'];
    const offset = (filters.page - 1) * filters.limit;
    const mask = facetMask(filters);
    const keys = (branchMask: number | undefined) => {
      const query = applyFilters(db('products').select(order.map(([column]) => column)), filters, branchMask);
      for (const [column, direction] of order) query.orderBy(column, direction);
      return query.limit(filters.limit).offset(offset).whereRaw('? < t.total', [offset]);
    };
    const walked = { ...facetKey({}), bucket: order[0]![0] === 'precio_centavos' ? (filters.precio ?? -1) : -1 };
    const total = knownTotal === undefined ? facetCount(facetKey(filters)) : db.raw('?::bigint', [knownTotal]);
    const query = db
      .select('t.total', ...P_COLUMNS, 'p.variants')
      .from(db.raw('(SELECT ? AS total, ? AS walk) AS t', [total, facetCount(walked)]));
    const fill = offset + filters.limit;
    const lateral =
      filters.q || mask === undefined
        ? db.raw('LEFT JOIN LATERAL ? AS k ON true', [keys(undefined)])
        : db.raw('LEFT JOIN LATERAL (? UNION ALL ?) AS k ON true', [
            keys(mask).whereRaw('? * t.walk <= ? * t.total * t.total', [fill, WALK_VS_FETCH]),
            keys(undefined).whereRaw('? * t.walk > ? * t.total * t.total', [fill, WALK_VS_FETCH]),
          ]);
    query.joinRaw('?', [lateral]);
    // One index lookup per key, whatever the planner's estimate of the page's size.
    query.joinRaw(`LEFT JOIN LATERAL (${ROW_WITH_VARIANTS}k.id) AS p ON true`);
    for (const [column, direction] of order) query.orderBy(`k.${column}`, direction);
    return query;
  }

  return {
    count,

    /**
     * One page and its total in one round trip. The total comes from product_facet_counts; the
     * page's ids from an index alone, either walking a covering index in sort order (testing
     * facet_bits on each entry) or, when matches are too sparse for that, through the GIN indexes
     * of the arrays; PostgreSQL runs only the branch whose one-time filter holds. Then only the
     * rows shown are read from the table. A text search counts its matches first.
     */
    async page(
      filters: ProductFilters & { page: number; limit: number },
    ): Promise<{ products: ProductRecord[]; total: number }> {
      type Row = ProductWithVariantsRow & { total: number };
      const rows: Row[] = await pageQuery(filters, filters.q ? await count(filters) : undefined);
      return {
        products: rows.filter((row) => row.id !== null).map(toFullProduct),
        total: rows[0]?.total ?? 0,
      };
    },

    /**
     * The catalogue version, the products (uuids) `wanted` and those of `held` whose stock changed
     * since `watermark` as the API answers them, in one statement and so one snapshot, with the next
     * watermark. PostgreSQL writes the JSON, on its own core, instead of the API's thread decoding
     * rows and encoding them again.
     */
    async versionAndJson(wanted: readonly string[], held: readonly string[] = [], watermark: string | null = null) {
      type Row = {
        version: number | null;
        watermark: string;
        changed: string[];
        id: string | null;
        json: string | null;
      };
      const array = (ids: readonly string[]) => `{${ids.join(',')}}`;
      const { rows } = (await db.raw(VERSION_AND_JSON, [watermark, array(wanted), array(held)])) as { rows: Row[] };
      const first = rows[0]!;
      const json = new Map<string, string>();
      for (const row of rows) if (row.id !== null && row.json !== null) json.set(row.id, row.json);
      return {
        version: first.version ?? undefined,
        watermark: first.watermark,
        changed: first.changed,
        json,
      };
    },

    /**
     * Every product's id, facet bits, price, cover flag and name in the database's order of names,
     * with the version they belong to: one snapshot (a repeatable-read transaction) read in chunks
     * along the (nombre, id) index.
     */
    async indexEntries(chunk = INDEX_CHUNK): Promise<{ version: number | undefined; entries: IndexEntry[] }> {
      type Row = { id: string; facet_bits: number; precio_centavos: number; portada: boolean; nombre: string };
      return db.transaction(
        async (trx) => {
          const [row] = await trx('catalogue_version').select('version').limit(1);
          const entries: IndexEntry[] = [];
          for (;;) {
            const last = entries.at(-1);
            const query = trx('products').select('id', 'facet_bits', 'precio_centavos', 'portada', 'nombre');
            if (last) query.whereRaw('(nombre, id) > (?, ?)', [last[4], last[0]]);
            const rows: Row[] = await query.orderBy(['nombre', 'id']).limit(chunk);
            for (const r of rows) entries.push([r.id, r.facet_bits, r.precio_centavos, r.portada, r.nombre]);
            if (rows.length < chunk) break;
          }
          const version = (row as { version?: number } | undefined)?.version;
          return { version, entries };
        },
        { isolationLevel: 'repeatable read', readOnly: true },
      );
    },

    /** The product and its stock grid in one statement. */
    async findById(id: string): Promise<ProductRecord | undefined> {
      const { rows } = (await db.raw(BY_ID, [id])) as { rows: ProductWithVariantsRow[] };
      const [row] = rows;
      return row && toFullProduct(row);
    },

    /** The product and its stock grid in one transaction. */
    async insert(input: ProductData, now: Date): Promise<ProductRecord> {
      return db.transaction(async (trx) => {
        const [row] = await trx('products')
          .insert({ ...toRow(input), created_at: now, updated_at: now })
          .returning(COLUMNS);
        const product = toProduct(row as ProductRow);
        await variants.replace(trx, product._id, input);
        return (await variants.attach(trx, [product]))[0]!;
      });
    },

    /** Updates only when the row still carries `expectedUpdatedAt` (if given); undefined when nothing matched. */
    async update(
      id: string,
      input: ProductData,
      now: Date,
      expectedUpdatedAt?: Date,
    ): Promise<ProductRecord | undefined> {
      return db.transaction(async (trx) => {
        // Variant rows first, in id order, as an order does: the two never wait on each other in a circle.
        const current = await variants.lock(trx, id);
        const query = trx('products').where({ id });
        // The row may carry microseconds (the database default); the client only ever saw milliseconds.
        if (expectedUpdatedAt) query.andWhereRaw("date_trunc('milliseconds', updated_at) = ?", [expectedUpdatedAt]);
        const [row] = await query.update({ ...toRow(input), updated_at: now }).returning(COLUMNS);
        if (!row) return undefined;
        const product = toProduct(row as ProductRow);
        await variants.replace(trx, id, input, current);
        return (await variants.attach(trx, [product]))[0];
      });
    },

    async delete(id: string): Promise<boolean> {
      const deleted: unknown[] = await db('products').where({ id }).delete().returning('id');
      return deleted.length > 0;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
