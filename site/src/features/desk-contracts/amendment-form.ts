// The form « Préparer un avenant » of staff's contract page, apart from
// its view: which kinds a contract allows, the checks before sending
// (the server checks everything again), and the body of
// POST /api/contracts/{id}/amendments with the rating file's answer keys.
import { bicProblem, ibanProblem, normalizeIban } from '../contracts/iban';
import type { AmendmentKind, Contract } from './types';

/** What the agent typed, by field: the changes' keys, and effectiveDate. */
export type AmendmentValues = Record<string, string>;

/** The body of POST /api/contracts/{id}/amendments. */
export interface AmendmentDraft {
  kind: AmendmentKind;
  effectiveDate: string;
  changes: Record<string, string | number>;
}

/** The products insuring a vehicle, whose vehicle and drivers may change. */
const vehicleProducts = ['car', 'moto', 'vtc'];

/** The contract's statuses in which it may be amended (in force). */
export const amendableStatuses = ['active', 'awaiting_documents'];

/** The kinds of change a contract allows, in the order the form offers them. */
export function amendmentKindsFor(c: Contract): AmendmentKind[] {
  const kinds: AmendmentKind[] = [];
  if (vehicleProducts.includes(c.product)) kinds.push('vehicle');
  kinds.push('address');
  if (vehicleProducts.includes(c.product)) kinds.push('driver');
  // Another formula of the same insurer: a contract priced by the engine.
  if (c.risk.formulaId) kinds.push('formula');
  kinds.push('bank');
  return kinds;
}

/** The fields each kind sends in changes. */
export const kindFields: Record<AmendmentKind, string[]> = {
  vehicle: ['vehicleId', 'vehicleYear', 'registration'],
  address: ['address', 'postalCode', 'city'],
  driver: ['namedDrivers'],
  formula: ['formulaId'],
  bank: ['holder', 'iban', 'bic'],
};

/** The fields sent as numbers. */
const numeric = ['vehicleYear', 'namedDrivers'];

const required: Record<string, string> = {
  vehicleId: 'Choisissez le nouveau véhicule dans le catalogue.',
  vehicleYear: 'Indiquez l’année de mise en circulation.',
  registration: 'Indiquez l’immatriculation du nouveau véhicule.',
  address: 'Indiquez la nouvelle adresse.',
  postalCode: 'Indiquez le code postal.',
  city: 'Indiquez la ville.',
  namedDrivers: 'Indiquez le nombre de conducteurs désignés.',
  formulaId: 'Choisissez la nouvelle formule.',
  holder: 'Indiquez le titulaire du compte.',
};

/** Why each field is refused, in French; empty when the form may be sent. */
export function checkAmendment(kind: AmendmentKind, v: AmendmentValues, today: string, thisYear: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const date = v.effectiveDate ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.effectiveDate = 'Indiquez la date d’effet de l’avenant.';
  else if (date < today) errors.effectiveDate = 'La date d’effet est aujourd’hui au plus tôt.';
  for (const f of kindFields[kind]) {
    const value = (v[f] ?? '').trim();
    if (!value && required[f]) errors[f] = required[f];
  }
  const year = (v.vehicleYear ?? '').trim();
  if (kind === 'vehicle' && year && !(/^\d{4}$/.test(year) && Number(year) >= 1950 && Number(year) <= thisYear + 1)) {
    errors.vehicleYear = `L’année de mise en circulation est comprise entre 1950 et ${thisYear + 1}.`;
  }
  if (kind === 'address' && (v.postalCode ?? '').trim() && !/^\d{5}$/.test((v.postalCode ?? '').trim())) {
    errors.postalCode = 'Un code postal compte 5\u00a0chiffres.';
  }
  const drivers = (v.namedDrivers ?? '').trim();
  if (kind === 'driver' && drivers && !/^[0-3]$/.test(drivers)) errors.namedDrivers = 'De 0 à 3 conducteurs désignés en plus du souscripteur.';
  if (kind === 'bank') {
    const iban = ibanProblem(v.iban ?? '');
    if (iban) errors.iban = iban;
    const bic = bicProblem(v.bic ?? '');
    if (bic) errors.bic = bic;
  }
  return errors;
}

/** The body to send, the fields of kind alone, trimmed, numbers as numbers, the IBAN without spaces. */
export function amendmentDraft(kind: AmendmentKind, v: AmendmentValues): AmendmentDraft {
  const changes: Record<string, string | number> = {};
  for (const f of kindFields[kind]) {
    let value = (v[f] ?? '').trim();
    if (f === 'iban') value = normalizeIban(value);
    if (f === 'bic') value = value.replace(/\s+/g, '').toUpperCase();
    if (f === 'registration') value = value.toUpperCase();
    if (value === '') continue;
    changes[f] = numeric.includes(f) ? Number(value) : value;
  }
  return { kind, effectiveDate: (v.effectiveDate ?? '').trim(), changes };
}

/** The form's field a server's field name concerns: « changes.postalCode » → postalCode. */
export const formField = (serverField: string): string => serverField.replace(/^changes\./, '');
