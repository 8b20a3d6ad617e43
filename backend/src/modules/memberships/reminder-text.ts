import { formatDate, formatDayMonth, type IsoDate } from '@gym/contracts/membership-dates';

export interface ReminderValues {
  nombre: string;
  plan: string;
  vence: IsoDate | null;
}

/** Fills {nombre}, {plan}, {vence} (dd/mm) and {fecha} (dd/mm/aaaa); other braces stay as written. */
export function renderTemplate(template: string, values: ReminderValues): string {
  const firstName = values.nombre.trim().split(/\s+/)[0] ?? values.nombre;
  const map: Record<string, string> = {
    nombre: firstName,
    plan: values.plan,
    vence: values.vence ? formatDayMonth(values.vence) : '',
    fecha: formatDate(values.vence),
  };
  return template.replace(/\{(nombre|plan|vence|fecha)\}/g, (_m, key: string) => map[key] ?? '');
}

/**
 * What every reminder adds after its (editable) template: the member's own account, where they
 * see their plan and payments and, when the gym takes Mercado Pago, renew online.
 */
export function reminderPortalLine(portalUrl: string, online: boolean): string {
  return online
    ? `Renová online con Mercado Pago (tarjeta, débito o dinero en cuenta) desde tu cuenta: ${portalUrl}`
    : `Tu plan y tus pagos, en tu cuenta: ${portalUrl}`;
}
