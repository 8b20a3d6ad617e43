export { createDatabase, dumpPgliteDataDir, migrateLatest, isPglite, type DatabaseOptions } from './connection';
export { migrationSource } from './migrations';
export { seedDatabase, isEmpty, type AdminSeed, type SeedOptions } from './seeds';
export { seedProducts } from './seeds/products.data';
export { seedClients, seedPlans, seedTrainers } from './seeds/clients.data';
export type * from './tables';
