/** PostgreSQL SQLSTATE of a failed query (pg and PGlite both set `code`). */
export function hasPgCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}
