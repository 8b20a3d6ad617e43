import { number, string } from 'yup';

/** The INDEC's national IPC, general level (base December 2016 = 100), from the national series API. */
export const DEFAULT_IPC_API_URL =
  'https://apis.datos.gob.ar/series/api/series?ids=148.3_INIVELNAL_DICI_M_26&format=json&limit=1000';

/**
 * The pricing settings (issue 47), spread into config.ts's schema so docs/configuration.md lists
 * them: where the IPC is read and how many days ahead members are told of a new fee.
 */
export const pricingSettingsFields = {
  IPC_API_URL: string()
    .trim()
    .test('url', 'must be an http:// or https:// URL', (value) => value === undefined || /^https?:\/\/\S+$/.test(value))
    .default(DEFAULT_IPC_API_URL)
    .meta({
      doc: 'where the `leer-ipc` job reads the monthly IPC (INDEC, national, general level): the national series API\'s JSON (`{data: [["aaaa-mm-dd", valor], …]}`); when it cannot be read, the job reads `IPC_CSV`',
    }),
  IPC_CSV: string().trim().optional().meta({
    shownDefault: 'unset',
    doc: "a file with the series as published (`indice_tiempo,valor` lines: download it from datos.gob.ar or INDEC), read when `IPC_API_URL` cannot be. Unset in production, nothing else is read: the owner is told the IPC is unknown and a change by the IPC waits. Outside production, unset reads the stand-in figures in `backend/src/modules/pricing/ipc-fallback.ts` (the tests' fixture, not INDEC's values)",
  }),
  AVISO_PRECIO_DIAS: number()
    .typeError('must be a whole number of days between 1 and 365, got "${originalValue}"')
    .integer('must be a whole number of days between 1 and 365, got "${value}"')
    .min(1, 'must be a whole number of days between 1 and 365, got "${value}"')
    .max(365, 'must be a whole number of days between 1 and 365, got "${value}"')
    .default(30)
    .meta({
      doc: 'members are told of a price change (WhatsApp to those who accepted it, else e-mail, and the portal banner) at least this many days before it applies: a change for an earlier date is refused',
    }),
};

/** What the pricing module reads of the settings. */
export function pricingConfig(
  s: { IPC_API_URL: string; IPC_CSV?: string; AVISO_PRECIO_DIAS: number },
  production: boolean,
) {
  return {
    ipcApiUrl: s.IPC_API_URL,
    /** The published series' file; 'stand-in' (outside production only) reads ipc-fallback.ts; null reads nothing. */
    ipcCsv: s.IPC_CSV || (production ? null : ('stand-in' as const)),
    noticeDays: s.AVISO_PRECIO_DIAS,
  };
}

export type PricingSettings = ReturnType<typeof pricingConfig>;
