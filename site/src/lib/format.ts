const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

// A calendar date ("2026-11-22") is read as UTC midnight, so it is formatted
// in UTC to keep the same day everywhere; a full timestamp is shown in the
// broker's time zone, the same for the server's HTML and the browser.
const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
const timestampFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

function parse(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Date invalide\u00a0: ${iso}`);
  return date;
}

// French writes the first day of a month as an ordinal: "1er novembre".
function firstOfMonth(text: string): string {
  return text.replace(/^1 /, '1er ');
}

/**
 * Formats an ISO 8601 date or timestamp the French way: "22 novembre 2026",
 * with the ordinal "1er" for the first day of a month.
 * Throws a RangeError when the input is not a valid date.
 */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return firstOfMonth((dateOnly.test(iso) ? dateFormat : timestampFormat).format(date));
}

/**
 * Formats an ISO 8601 timestamp with its time in 24-hour format, in the
 * broker's time zone: "22 novembre 2026 à 14:05".
 * Throws a RangeError when the input is not a valid date.
 */
export function formatDateTime(iso: string): string {
  return firstOfMonth(dateTimeFormat.format(parse(iso)));
}

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' });

/**
 * Formats the time of an ISO 8601 timestamp as hh:mm, 24-hour, in the
 * broker's time zone: "14:05" (the chat's message times, SPEC.md §2).
 * Throws a RangeError when the input is not a valid date.
 */
export function formatTime(iso: string): string {
  return timeFormat.format(parse(iso));
}
