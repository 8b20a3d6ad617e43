import type { Knex } from 'knex';
import { spreadStock } from '@gym/contracts/variants';
import { toCentavos } from '@gym/contracts/money';
import { insertClassReferenceData } from '../migrations/0023_classes';
import { seedClients, seedDnis, seedPlans, seedTrainers } from './clients.data';
import { seedMemberships } from './memberships.data';
import { seedProducts } from './products.data';

export interface AdminSeed {
  name: string;
  lastname: string;
  email: string;
  passwordHash: string;
}

export interface SeedOptions {
  admin: AdminSeed;
  /** false: only the first staff account (production's first boot); demo products, plans and clients otherwise. */
  demo?: boolean;
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
        role: 'dueno',
      })
      .onConflict('email')
      .ignore();
    if (options.demo === false) return;
    const inserted: { id: string }[] = await trx('products').insert(
      seedProducts.map((p) => ({
        nombre: p.nombre,
        categoria: p.categoria,
        precio_centavos: toCentavos(p.precio),
        imagen: p.imagen,
        descripcion: p.descripcion,
        portada: p.portada,
        talle: p.talle,
        color: p.color,
      })),
      ['id'],
    );
    await trx('product_variants').insert(
      seedProducts.flatMap((p, i) =>
        spreadStock(p.talle, p.color, p.stock).map((v) => ({ ...v, product_id: inserted[i]!.id })),
      ),
    );
    await seedPlansAndClients(trx);
    await seedMemberships(trx, options.admin.email);
    await insertClassReferenceData(trx);
    for (const [idUsuario, dni] of Object.entries(seedDnis))
      await trx('clients').where({ id_usuario: idUsuario }).update({ dni });
  });
}

/** Trainers may be missing after a reset (the migration inserted them); plans, then clients on them. */
async function seedPlansAndClients(trx: Knex.Transaction): Promise<void> {
  await trx('trainers')
    .insert(seedTrainers.map((nombre) => ({ nombre })))
    .onConflict('nombre')
    .ignore();
  const trainers: { id: number; nombre: string }[] = await trx('trainers').select('id', 'nombre');
  const trainerId = new Map(trainers.map((t) => [t.nombre, t.id]));
  await trx('plans').insert(
    seedPlans.map((p) => ({
      codigo_plan: p.codigoPlan,
      id_plan: p.idPlan,
      nombre_plan: p.nombrePlan,
      description: p.description,
      precio_centavos: toCentavos(p.precio),
      cuota_mensual_centavos: p.cuotaMensualCentavos,
    })),
  );
  await trx('clients').insert(
    seedClients.map((c) => ({
      id_usuario: c.idUsuario,
      nombre: c.nombre,
      edad: c.edad,
      correo: c.correo,
      celular: c.celular,
      plan: c.plan,
      turno: c.turno,
      trainer_id: trainerId.get(c.entrenador),
    })),
  );
}

export async function isEmpty(knex: Knex): Promise<boolean> {
  const row = await knex('products').count<{ count: number }[]>({ count: '*' }).first();
  const accounts = await knex('accounts').count<{ count: number }[]>({ count: '*' }).first();
  const plans = await knex('plans').count<{ count: number }[]>({ count: '*' }).first();
  const clients = await knex('clients').count<{ count: number }[]>({ count: '*' }).first();
  return [row, accounts, plans, clients].every((r) => (r?.count ?? 0) === 0);
}
