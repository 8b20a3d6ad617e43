/** A name search needs this many characters: one or two letters match most of a large catalogue. */
export const MIN_SEARCH_LENGTH = 3;
/** GET /v1/products without page or limit answers this many (the first page), never the whole catalogue. */
export const DEFAULT_LIST_LIMIT = 100;

/** Spanish texts of the limits that protect the service (issue 12's hardening). */
export const securityMessages = {
  busy: 'Hay muchas solicitudes en curso. Probá de nuevo en unos segundos.',
  corruptBody: 'El cuerpo de la solicitud está dañado o su compresión no es válida',
  searchTooShort: `Escribí al menos ${MIN_SEARCH_LENGTH} letras para buscar`,
  weatherCity: 'No tenemos el clima de esa ciudad',
  imagenUrl: 'La imagen debe ser una ruta del sitio (/img/…) o una dirección https de un sitio permitido',
  bidiControl: 'El texto no puede tener caracteres de control de dirección',
} as const;
