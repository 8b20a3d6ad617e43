// The gym's WhatsApp message templates (issue 46): what must be registered in Meta's WhatsApp Manager
// (name, language, category and body, whose {{1}}, {{2}}… are the parameters, in this order), and what
// the fake registers by default. ONE table: the fake checks sends against it and the backend's tests
// import it, so a template's parameter count cannot drift between the client and the fake.

export type WhatsappTemplateCategory = 'UTILITY' | 'MARKETING';

export interface WhatsappTemplate {
  name: string;
  /** Meta's language code (es_AR: Spanish, Argentina). */
  language: string;
  category: WhatsappTemplateCategory;
  /** What each body parameter holds, in order: its length is the parameter count the API checks. */
  parameters: readonly string[];
  /** The body as registered in WhatsApp Manager, with {{1}}, {{2}}… in place of the parameters. */
  body: string;
}

export const WHATSAPP_TEMPLATES = [
  {
    name: 'cuota_por_vencer',
    language: 'es_AR',
    category: 'UTILITY',
    parameters: ['nombre del socio', 'plan', 'fecha de vencimiento (dd/mm/aaaa)', 'importe ($ 25.000,00)'],
    body: 'Hola {{1}}, tu cuota de {{2}} vence el {{3}}. El importe es {{4}}. Podés pagarla en recepción o desde tu portal de socio.',
  },
  {
    name: 'cuota_vencida',
    language: 'es_AR',
    category: 'UTILITY',
    parameters: ['nombre del socio', 'plan', 'fecha de vencimiento (dd/mm/aaaa)'],
    body: 'Hola {{1}}, tu cuota de {{2}} venció el {{3}}. Regularizala en recepción o desde tu portal de socio para seguir entrenando.',
  },
  {
    name: 'apto_por_vencer',
    language: 'es_AR',
    category: 'UTILITY',
    parameters: ['nombre del socio', 'fecha de vencimiento del apto (dd/mm/aaaa)'],
    body: 'Hola {{1}}, tu apto médico vence el {{2}}. Traé el nuevo a recepción para seguir entrenando sin interrupciones.',
  },
  {
    name: 'clase_de_manana',
    language: 'es_AR',
    category: 'UTILITY',
    parameters: ['nombre del socio', 'clase', 'hora (hh:mm)'],
    body: 'Hola {{1}}, te esperamos mañana en {{2}} a las {{3}}. Si no podés venir, liberá tu lugar desde tu portal de socio.',
  },
  {
    name: 'pago_rechazado',
    language: 'es_AR',
    category: 'UTILITY',
    parameters: ['nombre del socio', 'importe ($ 25.000,00)', 'concepto'],
    body: 'Hola {{1}}, no pudimos cobrar {{2}} de {{3}}: el pago fue rechazado. Revisá tu medio de pago o pagá en recepción.',
  },
  {
    name: 'recibo_listo',
    language: 'es_AR',
    category: 'UTILITY',
    parameters: ['nombre del socio', 'número de comprobante', 'importe ($ 25.000,00)'],
    body: 'Hola {{1}}, tu recibo {{2}} por {{3}} está listo. Lo encontrás en tu portal de socio.',
  },
  {
    name: 'socio_te_extranamos',
    language: 'es_AR',
    category: 'MARKETING',
    parameters: ['nombre del socio', 'días sin venir'],
    body: 'Hola {{1}}, hace {{2}} días que no te vemos por el gimnasio. ¡Te extrañamos! Respondé a este mensaje y te ayudamos a volver. Respondé BAJA para no recibir más mensajes.',
  },
  {
    name: 'aumento_de_cuota',
    language: 'es_AR',
    category: 'UTILITY',
    parameters: [
      'nombre del socio',
      'plan',
      'importe actual ($ 25.000,00)',
      'importe nuevo ($ 27.000,00)',
      'fecha del cambio (dd/mm/aaaa)',
    ],
    body: 'Hola {{1}}, te avisamos que desde el {{5}} la cuota de tu plan {{2}} pasa de {{3}} a {{4}}. Si pagaste meses por adelantado, esos quedan al precio anterior. Cualquier duda, consultanos en recepción o en tu portal de socio.',
  },
] as const satisfies readonly WhatsappTemplate[];

export type WhatsappTemplateName = (typeof WHATSAPP_TEMPLATES)[number]['name'];

/** The template by name (and language), or undefined. */
export function findTemplate(
  name: string,
  language = 'es_AR',
  templates: readonly WhatsappTemplate[] = WHATSAPP_TEMPLATES,
): WhatsappTemplate | undefined {
  return templates.find((t) => t.name === name && t.language === language);
}

/** The body with its parameters in place, as the member reads it. */
export function renderTemplate(template: Pick<WhatsappTemplate, 'body'>, params: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}
