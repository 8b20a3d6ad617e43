import type { Knex } from 'knex';
import { seedProducts } from './products.data';

export interface AdminSeed {
  name: string;
  lastname: string;
  email: string;
  passwordHash: string;
}

export interface SeedOptions {
  admin: AdminSeed;
}

/** Demo data for an empty database; the admin account comes hashed from the caller. */
export async function seedDatabase(knex: Knex, options: SeedOptions): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('accounts')
      .insert({
        name: options.admin.name,
        lastname: options.admin.lastname,
        email: options.admin.email,
        password_hash: options.admin.passwordHash,
      })
      .onConflict('email')
      .ignore();
    await trx('products').insert(
      seedProducts.map((p) => ({
        nombre: p.nombre,
        categoria: p.categoria,
        precio: p.precio,
        imagen: p.imagen,
        descripcion: p.descripcion,
        portada: p.portada,
        talle: p.talle,
        color: p.color,
        stock: p.stock,
      })),
    );
  });
}

export async function isEmpty(knex: Knex): Promise<boolean> {
  const row = await knex('products').count<{ count: string | number }[]>({ count: '*' }).first();
  const accounts = await knex('accounts').count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0) === 0 && Number(accounts?.count ?? 0) === 0;
}
