/** The free gym's opening hours (SPEC §2), written once: the site's pages and the pickup default read them. */
export const OPENING_HOURS = {
  weekdays: { from: '08:00', to: '22:00' },
  weekend: { from: '10:00', to: '21:00' },
} as const;

export const openingHoursSentence =
  `de lunes a jueves de ${OPENING_HOURS.weekdays.from} a ${OPENING_HOURS.weekdays.to} ` +
  `y viernes y sábados de ${OPENING_HOURS.weekend.from} a ${OPENING_HOURS.weekend.to}`;

/** Where and when a buyer picks an order up, until GYM_ADDRESS and PICKUP_HOURS say otherwise. */
export const DEFAULT_GYM_ADDRESS = 'Av. Mate de Luna 2350, San Miguel de Tucumán';
export const DEFAULT_PICKUP_HOURS = `en recepción, ${openingHoursSentence}`;

/** GET /v1/site: what the public pages need to know about this installation, from its config. */
export interface SiteInfo {
  /** false when no weather provider is configured: the weather box stays compact and asks nothing. */
  weather: boolean;
  /** The gym's social links for the footer; a network without an address is left out. */
  social: { instagram: string | null; facebook: string | null; whatsapp: string | null };
  /** The gym's street address and when orders are picked up (GYM_ADDRESS, PICKUP_HOURS). */
  pickup: { address: string; hours: string };
  /** Where a buyer sends a transfer's receipt: ORDER_NOTIFY_EMAIL, and WhatsApp when WHATSAPP_NUMBER is set. */
  receipt: { email: string; whatsapp: string | null };
  /** Whether Mercado Pago is offered (the server has its credentials): the checkout and the portal show it. */
  mercadoPago: boolean;
}

export const siteMessages = {
  weatherNotConfigured: 'El clima de Tucumán se muestra cuando el gimnasio configura el servicio del clima.',
} as const;

/**
 * The people of the gym (SPEC §1, §2 /acercade), written once: the site shows them and the demo
 * data's trainers (who take shifts in /turnos) are the first three.
 */
export const TRAINERS = [
  { name: 'Martín Gómez', specialty: 'Entrenamiento de fuerza' },
  { name: 'Carla Ruiz', specialty: 'Running' },
  { name: 'Diego Sosa', specialty: 'Entrenamiento funcional' },
  { name: 'Valentina Ríos', specialty: 'Cardio' },
] as const;
export const FOUNDER = { name: 'Carolina Medina', role: 'Fundadora y directora' } as const;
