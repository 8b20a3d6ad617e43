/**
 * The gym's WhatsApp messages (issue 46): the utility templates registered in Meta's WhatsApp
 * Manager (es_AR), the statuses a message goes through, and what the API answers in Spanish.
 */

/**
 * Each template as it must be registered in WhatsApp Manager (language es_AR): its category, what
 * each body parameter holds, in order ({{1}}, {{2}}…), and its body. scripts/fake-whatsapp/templates.ts
 * registers the same ones (a test compares the two).
 */
export const WHATSAPP_TEMPLATES = {
  cuota_por_vencer: {
    category: 'UTILITY',
    params: ['nombre del socio', 'plan', 'fecha de vencimiento (dd/mm/aaaa)', 'importe ($ 25.000,00)'],
    body: 'Hola {{1}}, tu cuota de {{2}} vence el {{3}}. El importe es {{4}}. Podés pagarla en recepción o desde tu portal de socio.',
  },
  cuota_vencida: {
    category: 'UTILITY',
    params: ['nombre del socio', 'plan', 'fecha de vencimiento (dd/mm/aaaa)'],
    body: 'Hola {{1}}, tu cuota de {{2}} venció el {{3}}. Regularizala en recepción o desde tu portal de socio para seguir entrenando.',
  },
  apto_por_vencer: {
    category: 'UTILITY',
    params: ['nombre del socio', 'fecha de vencimiento del apto (dd/mm/aaaa)'],
    body: 'Hola {{1}}, tu apto médico vence el {{2}}. Traé el nuevo a recepción para seguir entrenando sin interrupciones.',
  },
  clase_de_manana: {
    category: 'UTILITY',
    params: ['nombre del socio', 'clase', 'hora (hh:mm)'],
    body: 'Hola {{1}}, te esperamos mañana en {{2}} a las {{3}}. Si no podés venir, liberá tu lugar desde tu portal de socio.',
  },
  pago_rechazado: {
    category: 'UTILITY',
    params: ['nombre del socio', 'importe ($ 25.000,00)', 'concepto'],
    body: 'Hola {{1}}, no pudimos cobrar {{2}} de {{3}}: el pago fue rechazado. Revisá tu medio de pago o pagá en recepción.',
  },
  recibo_listo: {
    category: 'UTILITY',
    params: ['nombre del socio', 'número de comprobante', 'importe ($ 25.000,00)'],
    body: 'Hola {{1}}, tu recibo {{2}} por {{3}} está listo. Lo encontrás en tu portal de socio.',
  },
  socio_te_extranamos: {
    category: 'MARKETING',
    params: ['nombre del socio', 'días sin venir'],
    body: 'Hola {{1}}, hace {{2}} días que no te vemos por el gimnasio. ¡Te extrañamos! Respondé a este mensaje y te ayudamos a volver. Respondé BAJA para no recibir más mensajes.',
  },
  aumento_de_cuota: {
    category: 'UTILITY',
    params: [
      'nombre del socio',
      'plan',
      'importe actual ($ 25.000,00)',
      'importe nuevo ($ 27.000,00)',
      'fecha del cambio (dd/mm/aaaa)',
    ],
    body: 'Hola {{1}}, te avisamos que desde el {{5}} la cuota de tu plan {{2}} pasa de {{3}} a {{4}}. Si pagaste meses por adelantado, esos quedan al precio anterior. Cualquier duda, consultanos en recepción o en tu portal de socio.',
  },
} as const satisfies Record<string, { category: 'UTILITY' | 'MARKETING'; params: readonly string[]; body: string }>;

export type WhatsappTemplate = keyof typeof WHATSAPP_TEMPLATES;

/** Each template as the desk reads it in a client's messages. */
export const templateLabels: Record<WhatsappTemplate, string> = {
  cuota_por_vencer: 'Cuota por vencer',
  cuota_vencida: 'Cuota vencida',
  apto_por_vencer: 'Apto físico por vencer',
  clase_de_manana: 'Clase de mañana',
  pago_rechazado: 'Pago rechazado',
  recibo_listo: 'Recibo listo',
  socio_te_extranamos: 'Te extrañamos',
  aumento_de_cuota: 'Aumento de cuota',
};
export const WHATSAPP_LANGUAGE = 'es_AR';

/** A template's body with its parameters in place (the fallback e-mail's text). */
export const fillTemplate = (template: WhatsappTemplate, params: readonly string[]): string =>
  WHATSAPP_TEMPLATES[template].body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');

/** queued → sent → delivered → read only forward; failed from queued or sent, and nothing after it. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const messageStatusLabels: Record<MessageStatus, string> = {
  queued: 'En cola',
  sent: 'Enviado',
  delivered: 'Entregado',
  read: 'Leído',
  failed: 'Falló',
};

export interface WhatsappMessageView {
  id: string;
  idUsuario: string;
  /** The client's name, on the desk's list. */
  nombre?: string | null;
  canal: 'whatsapp' | 'email';
  plantilla: string;
  estado: MessageStatus;
  /** 'email': WhatsApp could not deliver it and it went by e-mail instead. */
  respaldo: 'email' | null;
  /** Why it failed or is being retried, in Spanish; an unknown template is named. */
  error: string | null;
  intentos: number;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
}

export interface WhatsappConsentView {
  /** null: never asked. */
  acepta: boolean | null;
  origen: 'portal' | 'desk' | 'reply' | null;
  /** The staff account that recorded it at the desk. */
  registradoPor: string | null;
  at: string | null;
  /** Whether the gym has WhatsApp set up: without it the reminders keep going by e-mail. */
  configurado: boolean;
}

export const whatsappMessages = {
  unsigned: 'Falta la firma de WhatsApp (X-Hub-Signature-256): no se aplicó nada.',
  forged: 'La firma de WhatsApp no coincide con el contenido: no se aplicó nada.',
  verifyFailed: 'El token de verificación de WhatsApp no coincide.',
  notConfigured: 'WhatsApp no está configurado en este gimnasio.',
  aceptaRequired: 'Indicá si acepta recibir mensajes por WhatsApp: sí o no.',
  badLimit: 'El límite tiene que ser un número de 1 a 200',
  unknownTemplate: (name: string) =>
    `La plantilla «${name}» no está registrada en WhatsApp Manager (es_AR): registrala con ese nombre para que se envíe.`,
  wrongParams: (name: string) =>
    `La plantilla «${name}» de WhatsApp Manager no tiene la cantidad de parámetros que manda el gimnasio.`,
  undeliverable: 'El número no tiene WhatsApp o no se le pudo entregar: se mandó por e-mail.',
  outsideWindow: 'WhatsApp no permitió el mensaje fuera de la ventana de 24 horas: se mandó por e-mail.',
  rateLimited: 'WhatsApp pidió esperar (demasiados mensajes por segundo): se reintenta.',
  badToken: 'WhatsApp rechazó el token (WHATSAPP_TOKEN vencido o inválido): se reintenta cuando lo cambien.',
  unreachable: 'No se pudo hablar con WhatsApp: se reintenta.',
  optedOut: 'El socio dejó de aceptar mensajes por WhatsApp antes del envío: se mandó por e-mail.',
  gaveUp: 'Se dejó de reintentar después de muchos intentos.',
  fallbackSubject: 'Mensaje del gimnasio',
} as const;

/** The member portal's card. */
export const whatsappPortalMessages = {
  switchLabel: 'Quiero recibir los avisos del gimnasio por WhatsApp',
  help: 'Te avisamos cuando tu cuota está por vencer o venció. Para dejar de recibirlos, apagalo acá o respondé BAJA a cualquier mensaje.',
  accepted: 'Listo: te vamos a avisar por WhatsApp.',
  declined: 'Listo: no te vamos a mandar mensajes por WhatsApp.',
} as const;

const ORIGINS = { portal: 'desde su portal', desk: 'en la recepción', reply: 'respondiendo BAJA' } as const;

/** The client's page at the desk. */
export const whatsappDeskMessages = {
  /** "Acepta mensajes por WhatsApp (en la recepción, 25/11/2026)": `at` already formatted by the screen. */
  consentLine: (c: Pick<WhatsappConsentView, 'acepta' | 'origen'>) =>
    c.acepta === null
      ? 'Todavía no dijo si acepta mensajes por WhatsApp: los recordatorios le llegan por e-mail.'
      : `${c.acepta ? 'Acepta' : 'No acepta'} mensajes por WhatsApp${c.origen ? ` (${ORIGINS[c.origen]})` : ''}.`,
  recordYes: 'Acepta (lo dijo en persona)',
  recordNo: 'No acepta',
  accepted: 'Registrado: acepta mensajes por WhatsApp.',
  declined: 'Registrado: no acepta mensajes por WhatsApp.',
  saveFailed: 'No se pudo registrar el consentimiento',
  notConfigured: 'El gimnasio todavía no configuró WhatsApp: los recordatorios van por e-mail.',
  noMessages: 'Todavía no se le mandó ningún mensaje por WhatsApp.',
  byEmail: 'se mandó por e-mail',
  failuresTitle: 'Mensajes de WhatsApp que fallaron',
} as const;
