import { hamonIds, sameDayIds, vehicleIds } from '../../../../pkg/pricing/products.json?contracts';
import { once } from '../../lib/once';

// The checks and the dates of a subscription, as pkg/contract makes them,
// so the client hears of a mistake before sending the form.

// What differs by product comes from its Go spec (pkg/pricing/products.json).

/** The products whose contract insures a vehicle: a registration is asked. */
export const vehicleProducts = new Set(vehicleIds);

/** The products whose client may switch insurer under the loi Hamon. */
export const hamonProducts = new Set(hamonIds);

/** The furthest a start date may be chosen, in days. */
export const maxStartDays = 90;

const paris = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }));

/** Today in the broker's time zone, « 2026-03-10 ». */
export function todayIso(now: Date = new Date()): string {
  return paris().format(now);
}

/** The date days after iso. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The date n months after iso, the month's last day when the day is missing (31 January + 1 month = 28 February). */
export function addMonths(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The products that may start on the day they are signed, from the next full hour (pkg/contract/temporary.go): the temporary ones. */
export const sameDayProducts = new Set(sameDayIds);

/** The first day a contract may start: tomorrow (today for a temporary one), or a month later for a switch under the loi Hamon. */
export function earliestStart(today: string, switching: boolean, product = ''): string {
  if (sameDayProducts.has(product) && !switching) return today;
  const tomorrow = addDays(today, 1);
  return switching ? addMonths(tomorrow, 1) : tomorrow;
}

const sivPlate = /^([A-HJ-NP-TV-Z]{2})-?([0-9]{3})-?([A-HJ-NP-TV-Z]{2})$/;
const fniPlate = /^([0-9]{1,4}) ?([A-Z]{1,3}) ?([0-9]{2}|2A|2B|97[1-6])$/;

/** The registration as on the plate (AB-123-CD or 1234 AB 56), or undefined when it is neither. */
export function normalizeRegistration(text: string): string | undefined {
  const s = text.trim().split(/\s+/).join(' ').toUpperCase();
  const siv = sivPlate.exec(s.replaceAll(' ', '-'));
  if (siv) return `${siv[1]}-${siv[2]}-${siv[3]}`;
  const fni = fniPlate.exec(s);
  if (fni) return `${fni[1]} ${fni[2]} ${fni[3]}`;
  return undefined;
}
