/** A UUID as the database makes them (gen_random_uuid), any case: anything else is not one of ours. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Lucía Fernández" → "Lucía": how the gym's messages greet a person. */
export const firstName = (nombre: string) => nombre.split(' ')[0] || nombre;
