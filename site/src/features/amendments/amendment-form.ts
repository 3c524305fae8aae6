// The change a client asks, checked before it is priced as pkg/contract
// checks it, and turned into the draft posted: the kind, its fields, the
// effective date (today or later, within the contract's running year).
import { addDays, normalizeRegistration, todayIso } from '../contracts/details';
import { bicProblem, ibanProblem, normalizeIban } from '../contracts/iban';
import type { FieldErrors } from '../contracts/subscription-form';
import type { Vehicle } from '../prices/api';
import type { FormField, PriceForm } from '../prices/rates';
import type { AmendmentDraft, AmendmentKind, AmendedContract } from './api';

/** What the client fills in to change their contract; each kind reads its own fields. */
export interface ChangeValues {
  kind: AmendmentKind | '';
  effectiveDate: string;
  vehicle: Vehicle | null;
  vehicleYear: string;
  registration: string;
  address: string;
  postalCode: string;
  city: string;
  driver: 'add' | 'remove' | '';
  driverName: string;
  formulaId: string;
  /** A home's new dwelling, by the rating file's keys (dwelling, surface…). */
  answers: Record<string, string>;
  holder: string;
  iban: string;
  bic: string;
}

/** The most named drivers the rating file takes beside the holder (rates.json namedDrivers). */
export const maxNamedDrivers = 3;

/** The French label of each kind, in the order they are offered. */
export const kindLabels: Record<AmendmentKind, string> = {
  vehicle: 'Je change de véhicule',
  address: 'Je déménage',
  driver: 'J’ajoute ou je retire un conducteur désigné',
  formula: 'Je change de formule',
  bank: 'Je change de compte bancaire',
};

/** The questions of a home's dwelling a move asks again (rates.json), the postcode apart. */
const dwellingKeys = new Set(['dwelling', 'surface', 'rooms', 'floor', 'occupant']);

/** The dwelling's questions of a product's form: a home's move asks them; none for a vehicle. */
export function dwellingFields(rated: PriceForm | undefined): FormField[] {
  return rated?.form.filter((f) => dwellingKeys.has(f.key)) ?? [];
}

/** Whether a dwelling's question is asked: a house has no floor (the price journey's rule, price-form isAsked). */
export function dwellingAsked(f: Pick<FormField, 'key'>, answers: Record<string, string>): boolean {
  return f.key !== 'floor' || answers.dwelling === 'apartment';
}

// The dwelling's checks and answers are the price journey's (price-check
// checkFields and toAnswers) for its two types, a choice and a whole
// number: importing those would move them out of the journey's chunks,
// over its budget.

/** The problems of a dwelling's answers, each with its question's message. */
function dwellingProblems(fields: FormField[], answers: Record<string, string>): FieldErrors {
  const e: FieldErrors = {};
  for (const f of fields.filter((x) => dwellingAsked(x, answers))) {
    const v = (answers[f.key] ?? '').trim();
    const ok = f.type === 'choice'
      ? (f.choices ?? []).some((c) => c.id === v)
      : /^\d+$/.test(v) && Number(v) >= (f.min ?? 0) && Number(v) <= (f.max ?? Infinity);
    if (!ok) e[f.key] = f.message;
  }
  return e;
}

/** A dwelling's answers as the API reads them: whole numbers as numbers, unasked ones left out. */
function dwellingAnswers(fields: FormField[], answers: Record<string, string>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const f of fields.filter((x) => dwellingAsked(x, answers))) {
    const v = (answers[f.key] ?? '').trim();
    if (v) out[f.key] = f.type === 'int' ? Number(v) : v;
  }
  return out;
}

/** The label of the named drivers' line in the contract's risk (rates.json). */
const driversLine = 'Conducteurs désignés en plus de vous';

/** The named drivers the contract has now, read from its risk's lines (0 when it does not say). */
export function namedDriversOf(c: Pick<AmendedContract, 'risk'>): number {
  const line = c.risk.lines.find(([label]) => label === driversLine);
  const n = line ? Number.parseInt(line[1], 10) : 0;
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/** The kinds this contract may change: a vehicle and its drivers only where one is insured, a bank account only when debits are made. */
export function kindsOf(c: Pick<AmendedContract, 'risk' | 'mandate' | 'product'>): AmendmentKind[] {
  const kinds: AmendmentKind[] = [];
  if (c.risk.vehicle) kinds.push('vehicle');
  kinds.push('address');
  if (c.risk.vehicle && c.product !== 'moto') kinds.push('driver');
  kinds.push('formula');
  if (c.mandate) kinds.push('bank');
  return kinds;
}

/** The values a change starts from: the contract's address and account holder, today. */
export function initialChange(c: Pick<AmendedContract, 'holder' | 'mandate'>, today = todayIso()): ChangeValues {
  return {
    kind: '', effectiveDate: today, vehicle: null, vehicleYear: '', registration: '',
    address: '', postalCode: '', city: '', driver: '', driverName: '', formulaId: '', answers: {},
    holder: c.mandate?.holder ?? c.holder.name, iban: '', bic: '',
  };
}

/** The last day a change may take effect: the running year's last day, or a year from the start when the contract has no period yet. */
export function lastEffectiveDay(c: Pick<AmendedContract, 'period' | 'startDate'>): string {
  if (c.period) return c.period.end;
  const [y, m, d] = c.startDate.split('-');
  return addDays(`${Number(y) + 1}-${m}-${d}`, -1);
}

/** The first day a change may take effect: today, or the contract's start when it has not begun. */
export function firstEffectiveDay(c: Pick<AmendedContract, 'startDate'>, today: string): string {
  return c.startDate > today ? c.startDate : today;
}

function checkDate(v: ChangeValues, c: AmendedContract, today: string, e: FieldErrors) {
  const first = firstEffectiveDay(c, today);
  const last = lastEffectiveDay(c);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.effectiveDate)) e.effectiveDate = 'Indiquez la date à laquelle le changement prend effet.';
  else if (v.effectiveDate < first) e.effectiveDate = first === today ? 'Le changement prend effet aujourd’hui au plus tôt.' : 'Le changement prend effet au début du contrat au plus tôt.';
  else if (v.effectiveDate > last) e.effectiveDate = 'Le changement prend effet avant la fin de l’année en cours du contrat (l’échéance). Au-delà, demandez-le après le renouvellement.';
}

function checkVehicle(v: ChangeValues, today: string, e: FieldErrors) {
  if (!v.vehicle) {
    e.vehicleId = 'Choisissez votre nouveau véhicule dans la liste.';
  } else {
    const year = Number(v.vehicleYear.trim());
    const now = Number(today.slice(0, 4));
    const from = v.vehicle.fromYear;
    // The catalogue sends toYear 0 for a model still sold (not absent): a
    // car of it may be registered up to this year.
    const to = v.vehicle.toYear ? Math.min(now, v.vehicle.toYear + 1) : now;
    if (!/^\d{4}$/.test(v.vehicleYear.trim()) || year < from || year > to) {
      e.vehicleYear = `Indiquez l’année de première mise en circulation (case B de la carte grise), entre ${from} et ${to}.`;
    }
  }
  if (!normalizeRegistration(v.registration)) e.registration = 'Indiquez l’immatriculation telle qu’elle figure sur la carte grise, par exemple AB-123-CD.';
}

/** Every problem of a change before it is priced, keyed as the server keys them (changes.* without the prefix). */
export function checkChange(v: ChangeValues, c: AmendedContract, today = todayIso(), rated?: PriceForm): FieldErrors {
  const e: FieldErrors = {};
  if (!v.kind) {
    e.kind = 'Choisissez ce que vous changez.';
    return e;
  }
  checkDate(v, c, today, e);
  switch (v.kind) {
    case 'vehicle':
      checkVehicle(v, today, e);
      break;
    case 'address':
      if (!v.address.trim()) e.address = 'Indiquez votre nouvelle adresse.';
      if (!/^\d{5}$/.test(v.postalCode.trim())) e.postalCode = 'Indiquez un code postal de 5\u00a0chiffres.';
      if (!v.city.trim()) e.city = 'Indiquez votre nouvelle ville.';
      if (!e.postalCode && v.postalCode.trim() === c.holder.postalCode && v.address.trim() === c.holder.address) e.address = 'C’est déjà l’adresse du contrat.';
      Object.assign(e, dwellingProblems(dwellingFields(rated), v.answers));
      break;
    case 'driver': {
      const n = namedDriversOf(c);
      if (!v.driver) e.driver = 'Dites si vous ajoutez ou retirez un conducteur.';
      else if (v.driver === 'add' && n >= maxNamedDrivers) e.driver = `Le contrat compte déjà ${maxNamedDrivers}\u00a0conducteurs désignés, le plus que l’assureur accepte.`;
      else if (v.driver === 'remove' && n === 0) e.driver = 'Le contrat n’a pas de conducteur désigné à retirer.';
      if (v.driver === 'add' && !v.driverName.trim()) e.driverName = 'Indiquez le prénom et le nom du conducteur.';
      break;
    }
    case 'formula':
      if (!v.formulaId) e.formulaId = 'Choisissez la nouvelle formule.';
      break;
    case 'bank': {
      const holder = v.holder.trim();
      if (!holder || holder.length > 70) e.holder = 'Indiquez le titulaire du compte (70\u00a0caractères au plus).';
      const iban = ibanProblem(v.iban);
      if (iban) e.iban = iban;
      const bic = bicProblem(v.bic);
      if (bic) e.bic = bic;
      break;
    }
    default:
  }
  return e;
}

/** The draft posted: the kind, the date and the changes with the rating file's keys. */
export function toDraft(v: ChangeValues, c: AmendedContract, rated?: PriceForm): AmendmentDraft {
  const base = { effectiveDate: v.effectiveDate };
  switch (v.kind) {
    case 'vehicle':
      return { ...base, kind: 'vehicle', changes: { vehicleId: v.vehicle?.id ?? '', vehicleYear: Number(v.vehicleYear.trim()), registration: normalizeRegistration(v.registration) ?? v.registration.trim() } };
    case 'address': {
      const dwelling = dwellingAnswers(dwellingFields(rated), v.answers);
      return { ...base, kind: 'address', changes: { address: v.address.trim(), postalCode: v.postalCode.trim(), city: v.city.trim(), ...dwelling } };
    }
    case 'driver': {
      const n = namedDriversOf(c) + (v.driver === 'add' ? 1 : -1);
      return { ...base, kind: 'driver', changes: v.driver === 'add' ? { namedDrivers: n, driverName: v.driverName.trim() } : { namedDrivers: n } };
    }
    case 'formula':
      return { ...base, kind: 'formula', changes: { formulaId: v.formulaId } };
    case 'bank':
      return { ...base, kind: 'bank', changes: { holder: v.holder.trim(), iban: normalizeIban(v.iban), bic: v.bic.replace(/\s+/g, '').toUpperCase() || undefined } };
    default:
      throw new Error('toDraft: no kind chosen');
  }
}
