import { number, string } from 'yup';
import { allOrNone, settingRule } from '../../shared/setting-rule';

/**
 * The WHATSAPP_* settings of the Cloud API (issue 46), spread into config.ts's schema so
 * docs/configuration.md lists them. WhatsApp is set up only when the four credentials are all set;
 * some but not all stops the start naming the ones missing. Production requires none of them.
 */
const REQUIRED = [
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

/** Set while another of the four is: the line names this one, and the ones that are set. */
const together = (name: (typeof REQUIRED)[number]) =>
  allOrNone(
    REQUIRED,
    name,
    `WhatsApp needs ${REQUIRED.join(', ')}, set all four or none / falta ${name}: WhatsApp necesita los cuatro`,
  );

const credential = (name: (typeof REQUIRED)[number], doc: string) => string().trim().test(together(name)).meta({ doc });

export const whatsappSettingsFields = {
  WHATSAPP_TOKEN: credential(
    'WHATSAPP_TOKEN',
    "the WhatsApp Cloud API's access token (a system user's permanent token; server only, never logged). With WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN the reminders go by WhatsApp templates to members who opted in; unset, they keep going by e-mail and wa.me links",
  ),
  WHATSAPP_PHONE_NUMBER_ID: credential(
    'WHATSAPP_PHONE_NUMBER_ID',
    "the id of the gym's sending number (WhatsApp Manager → API setup → *Phone number ID*), not the number itself",
  ),
  WHATSAPP_APP_SECRET: credential(
    'WHATSAPP_APP_SECRET',
    "the Meta app's secret (*App settings → Basic*): every webhook POST must carry its HMAC-SHA256 of the raw body in `X-Hub-Signature-256`, or it is refused with 401",
  ),
  WHATSAPP_VERIFY_TOKEN: credential(
    'WHATSAPP_VERIFY_TOKEN',
    "a word of your choosing, typed again in the app's webhook setup (`/v1/whatsapp/webhook`): Meta's verification GET must bring it",
  ),
  WHATSAPP_API_URL: string()
    .trim()
    .transform((value: string) => value.replace(/\/+$/, ''))
    .test(
      settingRule<string | undefined>((value) => {
        if (value === undefined) return undefined;
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol) ? undefined : 'must start with https://';
        } catch {
          return 'is not a valid URL; write it whole, e.g. https://graph.facebook.com/v21.0';
        }
      }),
    )
    .default(DEFAULT_WHATSAPP_API_URL)
    .meta({ doc: 'the Graph API with its version (the tests and the sandbox point it at the local fake)' }),
  WHATSAPP_RATE_PER_SECOND: number()
    .typeError('must be a whole number from 1 to 1000, got "${originalValue}"')
    .test(
      settingRule<number | undefined>((value) =>
        value === undefined || (Number.isInteger(value) && value >= 1 && value <= 1000)
          ? undefined
          : `must be a whole number from 1 to 1000, got "${value}"`,
      ),
    )
    .default(20)
    .meta({
      doc: 'messages per second the `enviar-whatsapp` job sends at most (below the number’s Cloud API limit); over the limit WhatsApp answers 130429 and the message is retried later',
    }),
};

interface WhatsappSettingValues {
  WHATSAPP_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_APP_SECRET?: string;
  WHATSAPP_VERIFY_TOKEN?: string;
  WHATSAPP_API_URL: string;
  WHATSAPP_RATE_PER_SECOND: number;
}

export type WhatsappConfig = NonNullable<ReturnType<typeof whatsappConfig>>;

/** What the messaging module reads; undefined while WhatsApp is not set up (the four checked together above). */
export function whatsappConfig(s: WhatsappSettingValues) {
  if (!s.WHATSAPP_TOKEN || !s.WHATSAPP_PHONE_NUMBER_ID || !s.WHATSAPP_APP_SECRET || !s.WHATSAPP_VERIFY_TOKEN)
    return undefined;
  return {
    token: s.WHATSAPP_TOKEN,
    phoneNumberId: s.WHATSAPP_PHONE_NUMBER_ID,
    appSecret: s.WHATSAPP_APP_SECRET,
    verifyToken: s.WHATSAPP_VERIFY_TOKEN,
    apiUrl: s.WHATSAPP_API_URL,
    ratePerSecond: s.WHATSAPP_RATE_PER_SECOND,
  };
}
