import type { Knex } from 'knex';

/**
 * One row whose number grows with every committed change to products (a statement-level trigger,
 * in the writing transaction). The API keeps answers of the public catalogue under the number it
 * read before building them and serves one again only while the database still shows that number:
 * a reader sees the new number exactly when it can see the new rows, so no replica serves a
 * catalogue older than the last committed staff change. A sequence would not do: nextval is seen
 * before the transaction commits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE catalogue_version (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      version bigint NOT NULL
    )`);
  await knex.raw('INSERT INTO catalogue_version (id, version) VALUES (true, 1)');
  // A statement that touched no row (a DELETE of an unknown id, a stale UPDATE) leaves the number as it was.
  await knex.raw(`
    CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_rows) THEN
        UPDATE catalogue_version SET version = version + 1;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION catalogue_version_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalogue_version SET version = version + 1;
      RETURN NULL;
    END $$`);
  const transitions: [operation: string, rows: string][] = [
    ['INSERT', 'NEW'],
    ['UPDATE', 'NEW'],
    ['DELETE', 'OLD'],
  ];
  for (const [operation, rows] of transitions)
    await knex.raw(`CREATE TRIGGER products_catalogue_version_${operation.toLowerCase()} AFTER ${operation} ON products
      REFERENCING ${rows} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump()`);
  await knex.raw(`CREATE TRIGGER products_catalogue_version_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump_all()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const operation of ['insert', 'update', 'delete', 'truncate'])
    await knex.raw(`DROP TRIGGER products_catalogue_version_${operation} ON products`);
  await knex.raw('DROP FUNCTION catalogue_version_bump(), catalogue_version_bump_all()');
  await knex.raw('DROP TABLE catalogue_version');
}
