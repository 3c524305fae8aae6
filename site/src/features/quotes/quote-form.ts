import { isProductId, type ProductId } from '../../content/products';
import { choices, limits, productFields, quoteRequestCopy as copy, vehicleFields, type FieldSpec, type ListName } from '../../content/quote-form';
import { typeset } from '../../lib/format';
import { once } from '../../lib/once';

// The client-side checks of the quote form. They mirror pkg/quote, which
// checks again: they spare a round trip and show every error at once.

/** The answers of a product as its inputs hold them: text, or a list for checkboxes. */
export type Answers = Record<string, string | string[]>;

/** Everything the quote form holds. */
export interface QuoteValues {
  product: string;
  answers: Answers;
  contactMethod: string;
  phone: string;
  message: string;
}

/** Errors keyed by the server's field names: product, details.year, contact.phone, message. */
export type QuoteErrors = Record<string, string>;

/** The body of POST /api/quotes. */
export interface QuotePayload {
  product: ProductId;
  details: Record<string, unknown>;
  contact: { method: string; phone: string };
  message: string;
}

const numbers = once(() => new Intl.NumberFormat('fr-FR'));

/** Tells whether value is one of the list's choices. */
export function inList(list: ListName, value: string): boolean {
  return choices[list].some((c) => c.value === value);
}

/** Tells whether a question is asked, given the other answers. */
export function isShown(spec: FieldSpec, answers: Answers): boolean {
  return !spec.showIf || answers[spec.showIf.name] === spec.showIf.value;
}

function textOf(answers: Answers, name: string): string {
  const v = answers[name];
  return typeof v === 'string' ? v.trim() : '';
}

/** Removes the spaces, dots and dashes people type inside phone numbers and postal codes. */
function compact(s: string): string {
  return s.replace(/[\s.\-]/g, '');
}

/** Removes the spaces of a number written "1 200": a dot or a minus sign stays and is refused. */
function noSpaces(s: string): string {
  return s.replace(/\s/g, '');
}

/** Today's date in the visitor's time zone, as YYYY-MM-DD. */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The bounds of a numeric or date question on the given day. */
export function rangeOf(spec: FieldSpec, today: Date): [number, number] {
  if (!('limit' in spec)) return [0, 0];
  const { min, max = today.getFullYear() } = limits[spec.limit];
  if (spec.kind === 'birthYear') return [today.getFullYear() - max, today.getFullYear() - min];
  return [min, max];
}

function checkNumber(spec: FieldSpec, value: string, today: Date): string | undefined {
  const text = noSpaces(value);
  const [lo, hi] = rangeOf(spec, today);
  const year = spec.kind === 'year' || spec.kind === 'birthYear';
  if (!/^-?\d+$/.test(text)) return year ? 'Saisissez une année, par exemple 2019.' : 'Saisissez un nombre entier.';
  const n = Number(text);
  if (n >= lo && n <= hi) return undefined;
  return year ? `Saisissez une année entre ${lo} et ${hi}.` : `Saisissez un nombre entre ${numbers().format(lo)} et ${numbers().format(hi)}.`;
}

function checkCoefficient(value: string): string | undefined {
  const text = value.replace(',', '.');
  const { min, max = min } = limits.bonusMalus;
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || n < min || n > max) return 'Saisissez un coefficient entre 0,50 et 3,50, par exemple 0,85.';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'Saisissez un coefficient à deux décimales au plus, par exemple 0,85.';
  return undefined;
}

function checkDate(spec: FieldSpec, value: string, today: Date): string | undefined {
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    return 'Saisissez une date valide.';
  }
  const [, ahead] = rangeOf(spec, today);
  const last = new Date(today);
  last.setDate(last.getDate() + ahead);
  if (value < isoDay(today)) return 'La date de début ne peut pas être passée.';
  if (value > isoDay(last)) return `Choisissez une date de début dans les ${ahead} prochains jours.`;
  return undefined;
}

function checkText(spec: FieldSpec, value: string): string | undefined {
  const [lo, hi] = 'limit' in spec ? [limits[spec.limit].min, limits[spec.limit].max ?? 0] : [0, 0];
  const length = [...value].length;
  if (length < lo) return `Saisissez au moins ${lo} caractères.`;
  if (length > hi) return `Saisissez ${numbers().format(hi)} caractères au plus.`;
  return undefined;
}

function isOptional(spec: FieldSpec): boolean {
  return 'optional' in spec && spec.optional === true;
}

/** Checks one answer and returns its French error, if any. */
export function checkField(spec: FieldSpec, answers: Answers, today: Date): string | undefined {
  if (!isShown(spec, answers)) return undefined;
  const missing = spec.missing ?? 'Répondez à cette question.';
  if (spec.kind === 'checkboxes') {
    const picked = answers[spec.name];
    return Array.isArray(picked) && picked.length > 0 && picked.every((v) => inList(spec.list, v)) ? undefined : missing;
  }
  const value = textOf(answers, spec.name);
  if (value === '') return isOptional(spec) ? undefined : missing;
  switch (spec.kind) {
    case 'select':
    case 'radio':
      return inList(spec.list, value) ? undefined : missing;
    case 'yesno':
      return value === 'oui' || value === 'non' ? undefined : missing;
    case 'text':
      return checkText(spec, value);
    case 'integer':
    case 'year':
    case 'birthYear':
      return checkNumber(spec, value, today);
    case 'coefficient':
      return checkCoefficient(value);
    case 'postalCode':
      return /^(0[1-9]|[1-8]\d|9[0-8])\d{3}$/.test(compact(value)) ? undefined : 'Saisissez un code postal français à 5 chiffres, par exemple 69002.';
    case 'date':
      return checkDate(spec, value, today);
  }
}

/**
 * A French number (0 and nine digits) or an international one (+ and 8 to
 * 15 digits, 00 read as +) without its separators; null when it is neither.
 */
export function normalizePhone(raw: string): string | null {
  let s = compact(raw);
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (/^\+[1-9]\d{7,14}$/.test(s) || /^0[1-9]\d{8}$/.test(s)) return s;
  return null;
}

/** Checks the answers of fields and returns their errors, typeset, under `details.<name>`. */
export function validateFields(fields: FieldSpec[], answers: Answers, today: Date): QuoteErrors {
  const errors: QuoteErrors = {};
  for (const spec of fields) {
    const error = checkField(spec, answers, today);
    if (error) errors[`details.${spec.name}`] = typeset(error);
  }
  return errors;
}

/** Checks the whole form as the server will; an empty object means it can be sent. */
export function validateQuote(v: QuoteValues, today: Date): QuoteErrors {
  if (!isProductId(v.product)) return { product: copy.productMissing };
  const errors = validateFields(productFields[v.product], v.answers, today);
  if (v.contactMethod !== 'email' && v.contactMethod !== 'phone') errors['contact.method'] = copy.contactMissing;
  const phone = v.phone.trim();
  if (phone === '' && v.contactMethod === 'phone') errors['contact.phone'] = copy.phoneMissing;
  else if (phone !== '' && !normalizePhone(phone)) errors['contact.phone'] = copy.phoneInvalid;
  const max = limits.message.max ?? 0;
  if ([...v.message.trim()].length > max) errors.message = typeset(`Saisissez ${numbers().format(max)} caractères au plus.`);
  return errors;
}

/** The answer of one question as the API types it; undefined leaves it out. */
function answerValue(spec: FieldSpec, answers: Answers): unknown {
  if (spec.kind === 'checkboxes') return answers[spec.name] ?? [];
  const value = textOf(answers, spec.name);
  if (value === '' && isOptional(spec)) return undefined;
  switch (spec.kind) {
    case 'yesno':
      return value === 'oui';
    case 'integer':
    case 'year':
    case 'birthYear':
      return Number(noSpaces(value));
    case 'coefficient':
      return Number(value.replace(',', '.'));
    case 'postalCode':
      return compact(value);
    default:
      return value;
  }
}

/** The details of product p as the API expects them, from checked answers. */
export function detailsPayload(p: ProductId, answers: Answers): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const spec of productFields[p]) {
    const value = isShown(spec, answers) ? answerValue(spec, answers) : undefined;
    if (value !== undefined) details[spec.name] = value;
  }
  return details;
}

/** The body of POST /api/quotes from a checked form. */
export function quotePayload(v: QuoteValues & { product: ProductId }): QuotePayload {
  const phone = v.phone.trim();
  return {
    product: v.product,
    details: detailsPayload(v.product, v.answers),
    contact: { method: v.contactMethod, phone: phone ? (normalizePhone(phone) ?? phone) : '' },
    message: v.message.trim(),
  };
}

/** The vehicle answers carried in the URL from /vehicle-selection to /quote-request. */
export function vehicleFromParams(params: URLSearchParams): Answers {
  const answers: Answers = {};
  for (const spec of vehicleFields) answers[spec.name] = params.get(spec.name) ?? '';
  return answers;
}

/** The query string that carries the vehicle answers, led by product=car. */
export function vehicleSearch(answers: Answers): string {
  const params = new URLSearchParams({ product: 'car' });
  for (const spec of vehicleFields) {
    const value = textOf(answers, spec.name);
    if (value && isShown(spec, answers)) params.set(spec.name, value);
  }
  return `?${params.toString()}`;
}
