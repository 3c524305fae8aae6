// The subjects and bounds come from pkg/contact/form.json, the file the Go
// service validates with: a subject or a bound is never typed twice.
import form from '../../../../pkg/contact/form.json';
import { ApiError } from '../../lib/api';
import { answerDelays, company } from '../../lib/company';
import { elide, formatTime, typeset, typesetAll } from '../../lib/format';
import { once } from '../../lib/once';

/** A subject of a contact message. */
export interface Choice {
  value: string;
  label: string;
}

/** The subjects of a message, in the form's order. */
export const subjects: Choice[] = form.subjects;

/** The products a callback may be about: the company profile's services. */
export const products: Choice[] = company.services.map((s) => ({ value: s.id, label: s.title }));

type BoundName = keyof typeof form.limits;

/** The bounds of a free text, in characters. */
export function bounds(name: BoundName): { min: number; max: number } {
  return form.limits[name];
}

/** How long a request is kept once answered or closed, "12 mois": the privacy page says the same. */
export const retention = `${form.retentionMonths}\u00a0mois`;

/** The copy of both forms. */
export const copy = typesetAll({
  message: {
    title: 'Écrivez-nous',
    lead: `Une question sur un contrat, un devis, un sinistre ? Un conseiller vous répond ${answerDelays.contact}.`,
    name: 'Nom et prénom',
    email: 'Adresse e-mail',
    phone: 'Téléphone (facultatif)',
    subject: 'Objet',
    subjectPlaceholder: 'Choisissez…',
    message: 'Votre message',
    messageHint: `Entre ${bounds('message').min} et ${bounds('message').max.toLocaleString('fr-FR')} caractères. N’y écrivez ni informations de santé ni coordonnées bancaires.`,
    complaint: 'Vous souhaitez faire une réclamation ?',
    complaintLink: 'Utilisez le formulaire de réclamation',
    submit: 'Envoyer le message',
    sending: 'Envoi…',
    doneTitle: 'Message envoyé',
    done: (ref: string) => typeset(`Votre message ${ref} est bien arrivé. Réponse ${answerDelays.contact}.`),
    again: 'Écrire un autre message',
  },
  callback: {
    title: 'Être rappelé',
    lead: `Laissez votre numéro : un conseiller vous appelle au moment choisi, aux heures d’ouverture, ou ${answerDelays.callback}.`,
    name: 'Nom et prénom',
    phone: 'Numéro de téléphone',
    phoneHint: 'Un numéro français, par exemple 06 39 98 12 34.',
    product: 'Assurance concernée (facultatif)',
    productNone: 'Aucune en particulier',
    day: 'Jour',
    // The delay is in the lead: in the option it was cut at 375 px (a select does not wrap).
    asap: 'Dès que possible',
    slot: 'Créneau',
    slotsLoading: 'Chargement des créneaux…',
    // Shown once the slots are there, in the line the loading note held, so the form does not move.
    slotsReady: 'Choisissez un jour, puis un créneau.',
    slotsNone: 'Aucun créneau libre : choisissez « dès que possible ».',
    slotsFailed: 'Les créneaux n’ont pas pu être chargés : vous pouvez demander à être rappelé dès que possible.',
    note: 'Objet de l’appel (facultatif)',
    submit: 'Être rappelé',
    sending: 'Envoi…',
    doneTitle: 'Demande de rappel envoyée',
    done: (ref: string, when: string) => typeset(`Votre demande de rappel ${ref} est bien arrivée. ${when}`),
    again: 'Faire une autre demande',
  },
  prefilled: 'Vous êtes connecté : nous utilisons le nom et l’adresse de votre compte, modifiables dans votre profil.',
  follow: 'Suivez votre demande dans votre espace client.',
  followLink: 'Mon espace client',
  staff: 'Vous êtes connecté avec un compte de conseiller : ce formulaire est celui des visiteurs et des clients. Les demandes se traitent depuis le tableau de bord.',
  consent: (what: string) => typeset(
    `J’accepte ${elide('que', company.name)} utilise ces informations pour ${what}. Elles sont conservées ${retention} après notre réponse, puis effacées, ou avec mon compte si je le supprime.`,
  ),
  consentLink: 'En savoir plus sur vos données',
  failed: 'L’envoi a échoué. Réessayez dans un instant.',
});

/** The errors of a form, by field; "form" is the message above the form. */
export type FormErrors = Partial<Record<string, string>>;

const chars = (s: string) => Array.from(s.trim()).length;

/** The error of a free text of bound name, or undefined. */
function textError(value: string, name: BoundName, required: string): string | undefined {
  const { min, max } = bounds(name);
  const n = chars(value);
  if (n === 0) return min > 0 ? required : undefined;
  if (n < min) return `Saisissez au moins ${min}\u00a0caractères.`;
  if (n > max) return `Saisissez ${max.toLocaleString('fr-FR')}\u00a0caractères au plus.`;
  return undefined;
}

/** A phone number without its separators, as pkg/input.Phone checks it; null when invalid. */
export function cleanPhone(raw: string): string | null {
  let s = raw.replace(/[\s.\-]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (s.startsWith('+')) return /^\+[1-9]\d{7,14}$/.test(s) ? s : null;
  return /^0[1-9]\d{8}$/.test(s) ? s : null;
}

/** A French number as pkg/input.FrenchPhone checks it; null when invalid or foreign. */
export function frenchPhone(raw: string): string | null {
  const s = cleanPhone(raw);
  if (!s) return null;
  const national = s.startsWith('+33') ? `0${s.slice(3)}` : s;
  return /^0[1-9]\d{8}$/.test(national) ? national : null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client-side errors of a message; signed-in clients do not type name and e-mail. */
export function validateMessage(d: { name: string; email: string; phone: string; subject: string; message: string; consent: boolean }, signedIn: boolean): FormErrors {
  const e: FormErrors = {};
  if (!signedIn) {
    e.name = textError(d.name, 'name', 'Indiquez votre nom.');
    if (!d.email.trim()) e.email = 'Saisissez votre adresse e-mail.';
    else if (!emailPattern.test(d.email.trim())) e.email = 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.';
  }
  if (d.phone.trim() && !cleanPhone(d.phone)) e.phone = 'Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34, ou laissez ce champ vide.';
  if (!subjects.some((s) => s.value === d.subject)) e.subject = 'Choisissez l’objet de votre message.';
  e.message = textError(d.message, 'message', 'Écrivez votre message.');
  if (!d.consent) e.consent = consentMissing;
  return clean(e);
}

const consentMissing = 'Cochez la case pour nous autoriser à utiliser ces informations.';

/** The client-side errors of a callback request; day is "" for as soon as possible. */
export function validateCallback(d: { name: string; phone: string; day: string; slot: string; note: string; consent: boolean }, signedIn: boolean): FormErrors {
  const e: FormErrors = {};
  if (!signedIn) e.name = textError(d.name, 'name', 'Indiquez votre nom.');
  if (!d.phone.trim()) e.phone = 'Indiquez le numéro auquel vous rappeler.';
  else if (!frenchPhone(d.phone)) e.phone = 'Saisissez un numéro de téléphone français, par exemple 06 39 98 12 34.';
  if (d.day && !d.slot) e.slot = 'Choisissez un créneau.';
  e.note = textError(d.note, 'note', '');
  if (!d.consent) e.consent = consentMissing;
  return clean(e);
}

function clean(e: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v)) as FormErrors;
}

/** The server's refusal next to the field it names, or above the form. */
export function serverErrors(err: unknown, fields: string[]): FormErrors {
  if (!(err instanceof ApiError)) return { form: copy.failed };
  return err.field && fields.includes(err.field) ? { [err.field]: err.message } : { form: err.message };
}

const dayFormat = once(() => new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Paris' }));

/** A Paris day of slots as French writes it: "lundi 23 novembre", "lundi 1er juin". */
export function dayLabel(firstSlotStart: string): string {
  return dayFormat().format(new Date(firstSlotStart)).replace(/ 1 /, ' 1er ').replace(/ /g, '\u00a0').replace('\u00a0', ' ');
}

/** A slot's hours: "14:00 – 15:00". */
export function slotLabel(start: string, end: string): string {
  return `${formatTime(start)}\u00a0–\u00a0${formatTime(end)}`;
}
