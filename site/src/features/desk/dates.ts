import { typeset } from '../../lib/format';
import { once } from '../../lib/once';

// The broker's staff read every time in Paris, as the deadlines are counted.
const short = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }));
const relative = once(() => new Intl.RelativeTimeFormat('fr', { numeric: 'always', style: 'short' }));

/** "23 nov. 2026, 14:05": a date and time in a dense table, in Paris, typeset. */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : typeset(short().format(d));
}

/**
 * How far iso is from now, the way one says it: "dans 3 h", "il y a
 * 2 j", "dans 45 min", "à l'instant"; typeset so the number stays with
 * its unit.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const minutes = Math.round((t - now) / 60000);
  if (Math.abs(minutes) < 1) return 'à l’instant';
  let text: string;
  if (Math.abs(minutes) < 60) text = relative().format(minutes, 'minute');
  else if (Math.abs(minutes) < 48 * 60) text = relative().format(Math.round(minutes / 60), 'hour');
  else text = relative().format(Math.round(minutes / 1440), 'day');
  return typeset(text);
}
