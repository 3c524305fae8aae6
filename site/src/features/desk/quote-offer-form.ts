import { api } from '../../lib/api';
import { formatDate, parseEuros } from '../../lib/format';
import { formatEuros, type QuoteRequest } from '../quotes/quotes';
import { once } from '../../lib/once';

/** One offer of the staff form, as typed: amounts in euros ("45,90"), guarantees one per line. */
export interface OfferFields {
  insurer: string;
  productName: string;
  monthly: string;
  yearly: string;
  guarantees: string;
  deductible: string;
  validUntil: string;
  note: string;
}

/** A field of the offer form. */
export type OfferField = keyof OfferFields;

/** The errors of one offer, by field. */
export type OfferErrors = Partial<Record<OfferField, string>>;

/** An offer as POST /api/desk/requests/{id}/offers takes it (quote.OfferDraft). */
export interface OfferDraft {
  insurer: string;
  productName: string;
  monthlyCents: number;
  yearlyCents: number;
  guarantees: string[];
  deductibleCents: number;
  validUntil: string;
  note: string;
}

/** The bounds of pkg/quote/offer_validate.go. */
export const offerLimits = { offers: 5, guarantees: 12, guarantee: 120, insurer: 80, productName: 120, note: 2000, maxCents: 100_000_000 };

const parisDay = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }));

/** Today in the broker's time zone, "2026-11-22": the day offers' validity is counted from. */
export function todayInParis(now = new Date()): string {
  return parisDay().format(now);
}

/** The date `years` years and `days` days after a "YYYY-MM-DD" date, as Go's AddDate counts it. */
export function addToDate(date: string, years: number, days = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d + days)).toISOString().slice(0, 10);
}

/** An empty offer, valid for 30 days by default. */
export function emptyOffer(today: string): OfferFields {
  return { insurer: '', productName: '', monthly: '', yearly: '', guarantees: '', deductible: '', validUntil: addToDate(today, 0, 30), note: '' };
}


/** The guarantees typed one per line, blank lines left out. */
export function guaranteeLines(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
}

const length = (s: string) => Array.from(s.trim()).length;

/** The error of an amount field, or '' with its cents in out. */
function amountError(text: string, what: string, out: { cents: number }): string {
  if (!text.trim()) return `Indiquez ${what}.`;
  const cents = parseEuros(text);
  if (cents === null) return 'Indiquez un montant en euros, par exemple 45,90.';
  if (cents >= offerLimits.maxCents) return `Le montant doit être inférieur à ${formatEuros(offerLimits.maxCents)}.`;
  out.cents = cents;
  return '';
}

/** The guarantees' error, or ''. */
function guaranteesError(text: string): string {
  const lines = guaranteeLines(text);
  if (lines.length === 0) return 'Indiquez au moins une garantie.';
  if (lines.length > offerLimits.guarantees) return `Indiquez ${offerLimits.guarantees} garanties au plus.`;
  const n = lines.findIndex((l) => length(l) > offerLimits.guarantee);
  if (n >= 0) return `Garantie ${n + 1}\u00a0: une garantie ne peut pas dépasser 120\u00a0caractères.`;
  const twice = lines.findIndex((l, i) => lines.indexOf(l) !== i);
  if (twice >= 0) return `Garantie ${twice + 1}\u00a0: cette garantie figure déjà dans la liste.`;
  return '';
}

/** The validity date's error, or ''. */
function validityError(date: string, today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || addToDate(date, 0) !== date) return 'Indiquez jusqu’à quand l’offre est valable.';
  if (date < today) return 'La date de validité ne peut pas être passée.';
  const last = addToDate(today, 1);
  if (date > last) return `Une offre peut rester valable un an au plus, jusqu’au ${formatDate(last)}.`;
  return '';
}

/** Checks one offer with the server's rules; the French error of each wrong field. */
export function validateOfferFields(f: OfferFields, today: string): OfferErrors {
  const e: OfferErrors = {};
  if (!f.insurer.trim()) e.insurer = 'Indiquez l’assureur.';
  else if (length(f.insurer) > offerLimits.insurer) e.insurer = 'Le nom de l’assureur ne peut pas dépasser 80\u00a0caractères.';
  if (!f.productName.trim()) e.productName = 'Indiquez le nom de la formule proposée.';
  else if (length(f.productName) > offerLimits.productName) e.productName = 'Le nom de la formule ne peut pas dépasser 120\u00a0caractères.';
  const monthly = { cents: 0 };
  const yearly = { cents: 0 };
  const deductible = { cents: 0 };
  e.monthly = amountError(f.monthly, 'la prime mensuelle', monthly) || (monthly.cents === 0 ? 'Indiquez une prime mensuelle supérieure à 0\u00a0€.' : '');
  e.yearly = amountError(f.yearly, 'la prime annuelle', yearly) || (yearly.cents === 0 ? 'Indiquez une prime annuelle supérieure à 0\u00a0€.' : '');
  if (!e.monthly && !e.yearly && (yearly.cents * 10 < monthly.cents * 100 || yearly.cents * 10 > monthly.cents * 125)) {
    const lo = Math.ceil(monthly.cents * 10);
    const hi = Math.floor(monthly.cents * 12.5);
    e.yearly = `La prime annuelle doit être comprise entre 10 et 12,5\u00a0fois la prime mensuelle, soit entre ${formatEuros(lo)} et ${formatEuros(hi)}.`;
  }
  e.guarantees = guaranteesError(f.guarantees);
  e.deductible = amountError(f.deductible, 'la franchise (0 s’il n’y en a pas)', deductible);
  e.validUntil = validityError(f.validUntil, today);
  if (length(f.note) > offerLimits.note) e.note = 'La note ne peut pas dépasser 2\u00a0000\u00a0caractères.';
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v)) as OfferErrors;
}

/** The offer as the API takes it; call once validateOfferFields found nothing. */
export function toDraft(f: OfferFields): OfferDraft {
  return {
    insurer: f.insurer.trim(), productName: f.productName.trim(),
    monthlyCents: parseEuros(f.monthly) ?? 0, yearlyCents: parseEuros(f.yearly) ?? 0,
    guarantees: guaranteeLines(f.guarantees), deductibleCents: parseEuros(f.deductible) ?? 0,
    validUntil: f.validUntil, note: f.note.trim(),
  };
}

const serverFields: Record<string, OfferField> = {
  insurer: 'insurer', productName: 'productName', monthlyCents: 'monthly', yearlyCents: 'yearly',
  guarantees: 'guarantees', deductibleCents: 'deductible', validUntil: 'validUntil', note: 'note',
};

/**
 * Where the server's error goes: "offers.1.yearlyCents" is offer 1's
 * yearly premium; "offers.0.guarantees.2" its guarantees, third line.
 * null for an error of the whole form.
 */
export function placeServerError(field: string | undefined, message: string): { index: number; field: OfferField; message: string } | null {
  const m = /^offers\.(\d+)\.(\w+)(?:\.(\d+))?$/.exec(field ?? '');
  const target = m ? serverFields[m[2] ?? ''] : undefined;
  if (!m || !target) return null;
  return { index: Number(m[1]), field: target, message: m[3] === undefined ? message : `Garantie ${Number(m[3]) + 1}\u00a0: ${message}` };
}

/** Sends the offers of request id; resolves to the request as staff now read it. */
export async function sendOffers(id: string, offers: OfferDraft[]): Promise<QuoteRequest> {
  return (await api<{ quote: QuoteRequest }>('POST', `/api/desk/requests/${encodeURIComponent(id)}/offers`, { offers })).quote;
}
