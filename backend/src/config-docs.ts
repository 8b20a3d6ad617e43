import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { settingsSchema } from './config';

/** `npx tsx backend/src/config-docs.ts` writes it; config-docs.test.ts fails when it drifts from the schema. */
export const CONFIG_DOCS_PATH = path.resolve(__dirname, '../../docs/configuration.md');
export const REGENERATE = 'npx tsx backend/src/config-docs.ts';

/**
 * Settings of the production compose (docker-compose.yml, `.env`) that the API never reads: PostgreSQL,
 * nginx, the backups, the point-in-time archive and the monitoring profile. Listed so the docs and
 * `.env.example` name every variable; they are not in the API's schema, which would refuse to start
 * without variables compose never passes it.
 */
export const COMPOSE_SETTINGS: readonly { name: string; shownDefault: string; doc: string }[] = [
  {
    name: 'POSTGRES_PASSWORD',
    shownDefault: '**required**',
    doc: "PostgreSQL's password for the `gym` user (any characters; the database keeps it from its first start)",
  },
  {
    name: 'HTTP_PORT',
    shownDefault: '`80`',
    doc: "nginx's host port: it only redirects to HTTPS and serves Let's Encrypt's challenge",
  },
  { name: 'HTTPS_PORT', shownDefault: '`443`', doc: "nginx's host port for the site" },
  {
    name: 'TLS_CERT_DIR',
    shownDefault: '`./tls`',
    doc: 'folder with `fullchain.pem` and `privkey.pem` (`make cert` makes a self-signed pair)',
  },
  {
    name: 'ACME_DIR',
    shownDefault: '`./acme`',
    doc: "Let's Encrypt's webroot: certbot writes the challenge here, nginx serves it on port 80",
  },
  { name: 'BACKUP_HOUR_UTC', shownDefault: '`6`', doc: "the daily dump's hour (UTC; 6 = 3 a.m. in Tucumán)" },
  { name: 'BACKUP_KEEP_DAILY', shownDefault: '`7`', doc: 'daily dumps kept' },
  { name: 'BACKUP_KEEP_WEEKLY', shownDefault: '`4`', doc: 'weekly dumps kept' },
  {
    name: 'BACKUP_DRILL_DAY',
    shownDefault: '`7`',
    doc: "the weekly restore drill's day (1 = Monday … 7 = Sunday), after that day's dump",
  },
  {
    name: 'PITR_CIPHER_PASS',
    shownDefault: '**required**',
    doc: 'encrypts the point-in-time archive (pgBackRest, aes-256-cbc): `openssl rand -base64 32`; keep a copy off the machine, without it no archived backup can be read back',
  },
  {
    name: 'PITR_REPO_TYPE',
    shownDefault: 'unset',
    doc: 'unset: the archive in a local volume (`pgbackrest`) on this same machine; `s3`: any S3-compatible bucket off the machine (AWS, Backblaze B2, Cloudflare R2, MinIO…)',
  },
  { name: 'PITR_REPO_PATH', shownDefault: 'unset', doc: 'in the bucket, the folder (e.g. `/gym`)' },
  { name: 'PITR_S3_BUCKET', shownDefault: 'unset', doc: 'the bucket' },
  { name: 'PITR_S3_ENDPOINT', shownDefault: 'unset', doc: "the bucket's endpoint (`s3.us-east-005.backblazeb2.com`)" },
  { name: 'PITR_S3_REGION', shownDefault: 'unset', doc: "the bucket's region" },
  { name: 'PITR_S3_KEY', shownDefault: 'unset', doc: "the bucket's access key" },
  { name: 'PITR_S3_KEY_SECRET', shownDefault: 'unset', doc: "the bucket's secret key" },
  {
    name: 'PITR_S3_URI_STYLE',
    shownDefault: 'unset (pgBackRest: `host`)',
    doc: '`path` for buckets addressed as endpoint/bucket (MinIO), `host` otherwise',
  },
  {
    name: 'PITR_KEEP_FULL',
    shownDefault: '`2` (two weeks)',
    doc: 'full base backups kept, each with the WAL to replay from it',
  },
  { name: 'PITR_HOUR_UTC', shownDefault: '`7`', doc: "the base backup's hour (UTC)" },
  { name: 'ALERT_EMAIL_TO', shownDefault: 'unset', doc: 'the monitoring profile: who gets the alerts' },
  {
    name: 'ALERT_SMTP_HOST',
    shownDefault: 'unset',
    doc: 'the SMTP server Alertmanager sends them through (`host:port`)',
  },
  { name: 'ALERT_SMTP_FROM', shownDefault: 'unset', doc: "the alerts' sender" },
  { name: 'ALERT_SMTP_USER', shownDefault: 'unset', doc: 'the SMTP user' },
  { name: 'ALERT_SMTP_PASSWORD', shownDefault: 'unset', doc: "the SMTP user's password" },
];

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function shownDefault(value: unknown): string {
  if (value === undefined || value === null) return 'unset';
  return `\`${String(value)}\``;
}

/** docs/configuration.md as the schema makes it. */
export function renderConfigDocs(): string {
  const { fields } = settingsSchema.describe();
  const rows = Object.entries(fields).map(([name, field]) => {
    const described = field as { default?: unknown; meta?: { doc?: string; shownDefault?: string } };
    const doc = described.meta?.doc;
    if (!doc) throw new Error(`${name} has no description (.meta({ doc })) in settingsSchema`);
    return `| \`${name}\` | ${cell(described.meta?.shownDefault ?? shownDefault(described.default))} | ${cell(doc)} |`;
  });
  const composeRows = COMPOSE_SETTINGS.map(
    ({ name, shownDefault: value, doc }) => `| \`${name}\` | ${cell(value)} | ${cell(doc)} |`,
  );
  return [
    '# Configuration',
    '',
    `<!-- Generated from settingsSchema in backend/src/config.ts by \`${REGENERATE}\`: do not edit by hand. -->`,
    '',
    'Every setting of the API is an environment variable, read once at start-up by one schema,',
    '`settingsSchema` in `backend/src/config.ts`. Unset, empty and blank mean the same (docker-compose',
    'passes every optional setting as `${X:-}`). Yes/no settings take `true`/`false`, `1`/`0` or',
    '`yes`/`no`, in any case; any other value is refused. A missing or wrong setting stops the start',
    'with one line per bad setting, naming it, what is wrong and how to make a good one.',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows,
    '',
    '## Production compose only',
    '',
    'Read by `docker-compose.yml` from `.env` (copy `.env.example`), never by the API.',
    '',
    '| variable | default | meaning |',
    '|---|---|---|',
    ...composeRows,
    '',
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(CONFIG_DOCS_PATH, renderConfigDocs());
  console.log(`Wrote ${path.relative(process.cwd(), CONFIG_DOCS_PATH)}`);
}
