import type { Knex } from 'knex';

const TUCUMAN = `'America/Argentina/Tucuman'`;
/** The first day of the Tucumán month an instant falls in. */
const MONTH = (column: string) => `date_trunc('month', ${column} AT TIME ZONE ${TUCUMAN})::date`;
const ADD = `ON CONFLICT (kind, month, method, item) DO UPDATE
  SET unidades = report_months.unidades + EXCLUDED.unidades, monto = report_months.monto + EXCLUDED.monto`;

/**
 * The owner's reports over time and the accountant's export (issue 30) read a year of a big gym's
 * payments, orders and check-ins. So that each answers in milliseconds, not by walking every row:
 *
 * - report_months: what came in per Tucumán month, kept by triggers as payments are recorded or
 *   voided and orders are paid or cancelled: membership payments by method and plan ('cuota'),
 *   paid orders by method ('pedido'), and units and amounts per product sold ('producto').
 * - membership_spans: each client's paid periods joined while the gap between one and the next is
 *   at most 30 days. A span's start is an "alta", the day after its end a "baja" (once 30 days have
 *   passed), and a span covering a day is a member that day. A payment or a void recomputes that
 *   client's spans from their standing payments.
 * - Check-ins carry their weekday and hour in Tucumán (generated columns), read from an index.
 * - The accountant's export reads every payment and every paid order in keyset order: indexes on
 *   (time, id) for both.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX membership_payments_created ON membership_payments (created_at, id)');
  await knex.raw('CREATE INDEX orders_paid ON orders (pagado_at, id) WHERE pagado_at IS NOT NULL');

  await knex.raw(`ALTER TABLE checkins
    ADD COLUMN local_weekday smallint GENERATED ALWAYS AS (extract(isodow FROM at AT TIME ZONE ${TUCUMAN})) STORED,
    ADD COLUMN local_hour smallint GENERATED ALWAYS AS (extract(hour FROM at AT TIME ZONE ${TUCUMAN})) STORED`);
  await knex.raw('CREATE INDEX checkins_hours ON checkins (at) INCLUDE (local_weekday, local_hour) WHERE allowed');

  // Every payment and paid order updates a row here: room in each page keeps those updates in place (HOT).
  await knex.raw(`
    CREATE TABLE report_months (
      kind text NOT NULL CHECK (kind IN ('cuota', 'pedido', 'producto')),
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      method text NOT NULL DEFAULT '',
      item text NOT NULL DEFAULT '',
      nombre text,
      unidades bigint NOT NULL DEFAULT 0,
      monto bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, month, method, item)
    ) WITH (fillfactor = 50)`);
  await knex.raw(`
    CREATE TABLE membership_spans (
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      started_on date NOT NULL,
      ended_on date NOT NULL CHECK (ended_on >= started_on),
      PRIMARY KEY (id_usuario, started_on)
    )`);
  await knex.raw('CREATE INDEX membership_spans_started ON membership_spans (started_on)');
  await knex.raw('CREATE INDEX membership_spans_ended ON membership_spans (ended_on) INCLUDE (started_on)');

  // A payment opens a new span when it starts more than 31 days after the furthest day paid before it.
  // Each client's recomputation waits for any other one of the same client to commit (a lock per
  // client, in one order), then reads what that one wrote: two payments at once make one answer.
  await knex.raw(`
    CREATE FUNCTION membership_spans_refresh(ids text[]) RETURNS void LANGUAGE sql AS $$
      SELECT pg_advisory_xact_lock(hashtext('membership_spans'), hashtext(id)) FROM unnest(ids) AS id ORDER BY id;
      DELETE FROM membership_spans WHERE id_usuario = ANY(ids);
      INSERT INTO membership_spans (id_usuario, started_on, ended_on)
      SELECT id_usuario, min(period_from), max(period_to)
      FROM (
        SELECT id_usuario, period_from, period_to,
          count(*) FILTER (WHERE reach IS NULL OR period_from > reach + 31)
            OVER (PARTITION BY id_usuario ORDER BY period_from, id) AS span
        FROM (
          SELECT id_usuario, id, period_from, period_to,
            max(period_to) OVER (PARTITION BY id_usuario ORDER BY period_from, id
              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
          FROM membership_payments
          WHERE id_usuario = ANY(ids) AND voided_at IS NULL
        ) paid
      ) numbered
      GROUP BY id_usuario, span;
    $$`);
  // Statement triggers with the rows changed: one recomputation per statement, however many rows.
  const cuotas = (rows: string, sign: string) => `
    INSERT INTO report_months (kind, month, method, item, unidades, monto)
    SELECT 'cuota', ${MONTH('created_at')}, method, id_plan::text, ${sign} count(*), ${sign} sum(amount_centavos)
    FROM ${rows} WHERE voided_at IS NULL GROUP BY 2, 3, 4 ${ADD};`;
  await knex.raw(`
    CREATE FUNCTION membership_payments_reports() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ids text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ids := ARRAY(SELECT DISTINCT id_usuario FROM added);
      ELSIF TG_OP = 'DELETE' THEN
        ids := ARRAY(SELECT DISTINCT id_usuario FROM removed);
      ELSE
        ids := ARRAY(SELECT id_usuario FROM added UNION SELECT id_usuario FROM removed);
      END IF;
      IF TG_OP <> 'INSERT' THEN ${cuotas('removed', '-')} END IF;
      IF TG_OP <> 'DELETE' THEN ${cuotas('added', '')} END IF;
      PERFORM membership_spans_refresh(ids);
      RETURN NULL;
    END $$`);
  for (const [event, tables] of [
    ['INSERT', 'NEW TABLE AS added'],
    ['UPDATE', 'OLD TABLE AS removed NEW TABLE AS added'],
    ['DELETE', 'OLD TABLE AS removed'],
  ] as const) {
    await knex.raw(`CREATE TRIGGER membership_payments_reports_${event.toLowerCase()}
      AFTER ${event} ON membership_payments REFERENCING ${tables}
      FOR EACH STATEMENT EXECUTE FUNCTION membership_payments_reports()`);
  }

  // An order counts once paid and while not cancelled: its total by method, its lines by product.
  await knex.raw(`
    CREATE FUNCTION orders_report(o orders, sign integer) RETURNS void LANGUAGE sql AS $$
      INSERT INTO report_months (kind, month, method, item, unidades, monto)
      VALUES ('pedido', ${MONTH('o.pagado_at')}, o.pago, '', sign, sign * o.total_centavos) ${ADD};
      INSERT INTO report_months (kind, month, item, nombre, unidades, monto)
      SELECT 'producto', ${MONTH('o.pagado_at')}, product_id::text, max(nombre),
        sign * sum(cantidad), sign * sum(subtotal_centavos)
      FROM order_lines WHERE order_id = o.id GROUP BY product_id ${ADD}, nombre = EXCLUDED.nombre;
    $$`);
  await knex.raw(`
    CREATE FUNCTION orders_reports() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        IF OLD.pagado_at IS NOT NULL AND OLD.estado <> 'cancelado' THEN PERFORM orders_report(OLD, -1); END IF;
      END IF;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      IF NEW.pagado_at IS NOT NULL AND NEW.estado <> 'cancelado' THEN PERFORM orders_report(NEW, 1); END IF;
      RETURN NULL;
    END $$`);
  // At commit, when an order's lines are there too; a deletion before its lines go with it.
  await knex.raw(`CREATE CONSTRAINT TRIGGER orders_reports AFTER INSERT OR UPDATE ON orders
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION orders_reports()`);
  await knex.raw(`CREATE TRIGGER orders_reports_delete BEFORE DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_reports()`);

  // What is already there.
  await knex.raw(`INSERT INTO report_months (kind, month, method, item, unidades, monto)
    SELECT 'cuota', ${MONTH('created_at')}, method, id_plan::text, count(*), sum(amount_centavos)
    FROM membership_payments WHERE voided_at IS NULL GROUP BY 2, 3, 4`);
  await knex.raw(`SELECT orders_report(o, 1) FROM orders o WHERE pagado_at IS NOT NULL AND estado <> 'cancelado'`);
  await knex.raw('SELECT membership_spans_refresh(ARRAY(SELECT DISTINCT id_usuario FROM membership_payments))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER orders_reports_delete ON orders');
  await knex.raw('DROP TRIGGER orders_reports ON orders');
  await knex.raw('DROP FUNCTION orders_reports()');
  await knex.raw('DROP FUNCTION orders_report(orders, integer)');
  for (const event of ['insert', 'update', 'delete']) {
    await knex.raw(`DROP TRIGGER membership_payments_reports_${event} ON membership_payments`);
  }
  await knex.raw('DROP FUNCTION membership_payments_reports()');
  await knex.raw('DROP FUNCTION membership_spans_refresh(text[])');
  await knex.raw('DROP TABLE membership_spans, report_months');
  await knex.raw('DROP INDEX checkins_hours');
  await knex.raw('ALTER TABLE checkins DROP COLUMN local_weekday, DROP COLUMN local_hour');
  await knex.raw('DROP INDEX orders_paid');
  await knex.raw('DROP INDEX membership_payments_created');
}
