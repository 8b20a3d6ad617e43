/** One month of the IPC: its first day ('aaaa-mm-01') and the index value. */
export interface IpcPoint {
  month: string;
  value: number;
}

const MONTH = /^(\d{4})-(\d{2})(?:-\d{2})?$/;

const point = (date: unknown, value: unknown): IpcPoint | undefined => {
  const m = typeof date === 'string' ? MONTH.exec(date.trim()) : null;
  const v = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return m && Number.isFinite(v) && v > 0
    ? { month: `${m[1]}-${m[2]}-01`, value: Math.round(v * 1e4) / 1e4 }
    : undefined;
};

/**
 * The national series API's JSON (apis.datos.gob.ar/series/api/series?ids=…&format=json):
 * `{data: [["2024-01-01", 4271.48], …], count, meta, params}`; a month without a value (null) is left out.
 */
export function parseIpcJson(body: unknown): IpcPoint[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('the IPC answer has no data array');
  return data.flatMap((row) => (Array.isArray(row) ? (point(row[0], row[1]) ?? []) : []));
}

/** The series as CSV (`indice_tiempo,<serie>`), the shipped fallback's shape; `#` lines are comments. */
export function parseIpcCsv(text: string): IpcPoint[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .flatMap((line) => {
      const [date, value] = line.split(',');
      return point(date, value) ?? [];
    });
}

/** Reads the API, 10 s at most; any failure (network, status, shape, no values) throws. */
export async function fetchIpc(url: string, timeoutMs = 10_000): Promise<IpcPoint[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`the IPC API answered ${res.status}`);
  const points = parseIpcJson(await res.json());
  if (points.length === 0) throw new Error('the IPC API answered no values');
  return points;
}
