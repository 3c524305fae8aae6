import bounds from '../../../../pkg/complaint/form.json';
import { once } from '../../lib/once';

/** The bounds of a field in characters, shared with the server (pkg/complaint/form.json). */
export interface Bounds {
  min: number;
  max: number;
}

/** The bounds of every field of the complaint form. */
export const complaintBounds: Record<'name' | 'subject' | 'concerns' | 'facts' | 'demand' | 'reply', Bounds> = bounds;

/** What the complaint form holds. */
export interface ComplaintValues {
  subject: string;
  concerns: string;
  facts: string;
  demand: string;
  name: string;
  email: string;
  phone: string;
  consent: boolean;
}

/** A field of the form, as the API names it. */
export type ComplaintField = keyof ComplaintValues;

/** The errors of the form by field; `form` is above it. */
export type ComplaintErrors = Partial<Record<ComplaintField | 'form', string>>;

/** The fields in the order of the form (and of the server's checks). */
export const complaintFields: ComplaintField[] = ['subject', 'concerns', 'facts', 'demand', 'name', 'email', 'phone', 'consent'];

const nbsp = '\u00a0';
const frInt = once(() => new Intl.NumberFormat('fr-FR'));

/** "10 000 caractères", the number grouped and kept with its unit, as the server writes it. */
function chars(n: number): string {
  return `${frInt().format(n).replace(/\s/g, nbsp)}${nbsp}caractères`;
}

function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The length the server counts: characters, blanks around removed. */
function length(s: string): number {
  return [...s.trim()].length;
}

/** The error of a text of bounds b named `what`, with the server's messages; undefined when fine. */
export function textError(value: string, b: Bounds, required: string, what: string): string | undefined {
  const n = length(value);
  if (n === 0) return b.min > 0 ? required : undefined;
  if (n > b.max) return `${upperFirst(what)} ne peut pas dépasser ${chars(b.max)}.`;
  if (n < b.min) return `Écrivez au moins ${chars(b.min)} pour ${what}.`;
  return undefined;
}

/** Accepts a French number or an international one, as input.Phone on the server. */
export function validPhone(raw: string): boolean {
  let s = raw.replace(/[\s.-]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  return /^0[1-9]\d{8}$/.test(s) || /^\+[1-9]\d{7,14}$/.test(s);
}

/**
 * Checks the form before it is sent, with the server's rules and
 * messages; a signed-in client's name and e-mail come from the account.
 */
export function validateComplaint(v: ComplaintValues, signedIn: boolean): ComplaintErrors {
  const errors: ComplaintErrors = {};
  const set = (field: ComplaintField, msg: string | undefined) => {
    if (msg) errors[field] = msg;
  };
  set('subject', textError(v.subject, complaintBounds.subject, 'Indiquez l’objet de votre réclamation.', 'l’objet'));
  set('concerns', textError(v.concerns, complaintBounds.concerns, '', 'la référence du contrat ou de la demande'));
  set('facts', textError(v.facts, complaintBounds.facts, 'Décrivez les faits.', 'la description des faits'));
  set('demand', textError(v.demand, complaintBounds.demand, 'Indiquez ce que vous demandez.', 'votre demande'));
  if (!signedIn) {
    set('name', textError(v.name, complaintBounds.name, 'Indiquez votre nom.', 'votre nom'));
    const email = v.email.trim();
    if (!email) errors.email = 'Saisissez votre adresse e-mail.';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.';
  }
  if (v.phone.trim() && !validPhone(v.phone)) {
    errors.phone = 'Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34, ou laissez le champ vide.';
  }
  if (!v.consent) errors.consent = 'Cochez la case pour accepter que nous conservions ces informations afin de traiter votre réclamation.';
  return errors;
}
