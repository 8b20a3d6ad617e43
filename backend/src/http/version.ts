/** The version an edit started from (`updatedAt` in the body), when it names a valid date. */
export function expectedVersion(body: unknown): Date | undefined {
  const raw = (body as { updatedAt?: unknown } | null)?.updatedAt;
  if (typeof raw !== 'string') return undefined;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
