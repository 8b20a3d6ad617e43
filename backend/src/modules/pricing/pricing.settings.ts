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
      doc: 'where the `leer-ipc` job reads the monthly IPC (INDEC, national, general level): the national series API\'s JSON (`{data: [["aaaa-mm-dd", valor], …]}`); when it cannot be read the job reads the CSV shipped in `backend/src/modules/pricing/ipc-fallback.ts` (a stand-in: replace its figures with the published series before relying on it)',
    }),
  AVISO_PRECIO_DIAS: number()
    .typeError('must be a whole number of days between 1 and 365, got "${originalValue}"')
    .integer('must be a whole number of days between 1 and 365, got "${value}"')
    .min(1, 'must be a whole number of days between 1 and 365, got "${value}"')
    .max(365, 'must be a whole number of days between 1 and 365, got "${value}"')
    .default(30)
    .meta({
      doc: 'members are told of a price change (e-mail and the portal banner) at least this many days before it applies: a change for an earlier date is refused',
    }),
};

/** What the pricing module reads of the settings. */
export function pricingConfig(s: { IPC_API_URL: string; AVISO_PRECIO_DIAS: number }) {
  return { ipcApiUrl: s.IPC_API_URL, noticeDays: s.AVISO_PRECIO_DIAS };
}

export type PricingSettings = ReturnType<typeof pricingConfig>;
