/** GET /v1/site: what the public pages need to know about this installation, from its config. */
export interface SiteInfo {
  /** false when no weather provider is configured: the weather box stays compact and asks nothing. */
  weather: boolean;
  /** The gym's social links for the footer; a network without an address is left out. */
  social: { instagram: string | null; facebook: string | null; whatsapp: string | null };
}

export const siteMessages = {
  weatherNotConfigured: 'El clima de Tucumán se muestra cuando el gimnasio configura el servicio del clima.',
} as const;
