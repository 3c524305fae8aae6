import { once } from './once';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

// A calendar date ("2026-11-22") is read as UTC midnight, so it is formatted
// in UTC to keep the same day everywhere; a full timestamp is shown in the
// broker's time zone, the same for the server's HTML and the browser.
const dateFormat = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }));
const timestampFormat = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }));
const dateTimeFormat = once(() => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }));

function parse(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Date invalide\u00a0: ${iso}`);
  return date;
}

// French writes the first day of a month as an ordinal, which stays with
// its month like any other day: "1er novembre" (pkg/fr.Date in Go).
function firstOfMonth(text: string): string {
  return text.replace(/^1 /, '1er\u00a0');
}

/**
 * Formats an ISO 8601 date or timestamp the French way: "22 novembre 2026",
 * with the ordinal "1er" for the first day of a month, typeset (the day
 * stays with its month).
 * Throws a RangeError when the input is not a valid date.
 */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return typeset(firstOfMonth((dateOnly.test(iso) ? dateFormat : timestampFormat)().format(date)));
}

/**
 * Formats an ISO 8601 timestamp with its time in 24-hour format, in the
 * broker's time zone: "22 novembre 2026 à 14:05", typeset.
 * Throws a RangeError when the input is not a valid date.
 */
export function formatDateTime(iso: string): string {
  // The time stays with its "à" too: "2026 à 14:05" never breaks.
  return typeset(firstOfMonth(dateTimeFormat().format(parse(iso)))).replace(/à (?=\d)/, 'à\u00a0');
}

const timeFormat = once(() => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' }));

/**
 * Formats the time of an ISO 8601 timestamp as hh:mm, 24-hour, in the
 * broker's time zone: "14:05" (the chat's message times, SPEC.md §2).
 * Throws a RangeError when the input is not a valid date.
 */
export function formatTime(iso: string): string {
  return timeFormat().format(parse(iso));
}

const nbsp = '\u00a0';

/**
 * Applies French typography to text written with ordinary spaces, so that a
 * sign, a unit or a part of a number never starts a line alone: the twin of
 * chatbot.Typeset in Go, and both pass pkg/chatbot/testdata/typeset.json.
 * A space becomes a non-breaking space (U+00A0) before « : ; ! ? % € » and
 * after «; between a digit and a digit or a letter ("01 99 00 42 42",
 * "10 000 €", "0 km", "24 h"); after "°" before a digit ("n° 24"); around a
 * dash between two words that start with a digit, whose hyphen becomes an
 * en dash ("9h00 – 18h00").
 * Thousands that Intl.NumberFormat groups with U+202F stay as they are.
 */
export function typeset(text: string): string {
  return text
    .replace(/ (?=[:;!?%€»])/g, nbsp)
    .replace(/(?<=«) /g, nbsp)
    .replace(/(?<=\d) (?=[\d\p{L}])/gu, nbsp)
    .replace(/(?<=°) (?=\d)/g, nbsp)
    .replace(/(?<=(?:^|[ \u00a0(\[])\d\S*)[ \u00a0][-–][ \u00a0](?=\d)/g, `${nbsp}–${nbsp}`);
}

/**
 * Every string of a value typeset: the company profile and the copy of a
 * page, typeset once where they are read. Keys, numbers and booleans are
 * left alone; paths, URLs and e-mail addresses have no space to change.
 */
export function typesetAll<T>(value: T): T {
  if (typeof value === 'string') return typeset(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => typesetAll(v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typesetAll(v)])) as T;
  }
  return value;
}

const elidable = new Set(['de', 'le', 'la', 'que', 'ce', 'je', 'me', 'ne', 'se', 'te', 'jusque', 'lorsque', 'puisque']);
const vowel = /^[aàâäeéèêëiîïoôöuùûüæœ]$/;

function startsWithVowelSound(name: string): boolean {
  const [first = '', second = ''] = Array.from(name.slice(0, 2).toLowerCase());
  if (first === 'h' || vowel.test(first)) return true;
  return first === 'y' && /^\p{L}$/u.test(second) && !vowel.test(second);
}

/**
 * Writes word before name the French way, for texts built from a name a
 * broker may change: elide('de', 'Horizon Courtage') is "d’Horizon
 * Courtage" (the typographic apostrophe ’, U+2019), elide('de', 'Martin
 * Assurances') is "de Martin Assurances".
 * The rule, the twin of company.Elide in Go (both pass
 * pkg/company/testdata/elide.json): an elidable word (de, le, la, que, ce,
 * je, me, ne, se, te, jusque, lorsque, puisque; any case) loses its last
 * letter before a name that starts with a vowel, accented or not, or with an
 * h, every h being taken as mute; a y elides before a consonant
 * ("d’Yvelines") but not before a vowel ("de Yamaha").
 */
/** `s` with its first letter in lower case: a title inside a sentence, a sentence after a colon. */
export function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export function elide(word: string, name: string): string {
  if (!elidable.has(word.toLowerCase()) || !startsWithVowelSound(name)) return `${word} ${name}`;
  return `${word.slice(0, -1)}’${name}`;
}

/**
 * Reads an amount typed in euros, "1 234,56", "1234.5", "45 €", as cents;
 * null when it is not one (no sign, at most two decimals).
 */
export function parseEuros(text: string): number | null {
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0\u202f]/g, '').replace(/€$/, ''));
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

const euros = once(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));

/**
 * An amount in euro cents the French way: "1 234,56 €", thousands grouped
 * with a narrow no-break space and the sign after a no-break space, as
 * Intl writes it (and quote.euros in Go).
 */
export function formatEuros(cents: number): string {
  return euros().format(cents / 100);
}
