// The subscription's first three steps as data: the answers, their checks
// by step, and what the API receives.
import { formatDate } from '../../lib/format';
import type { Contract, ContractDetails } from './api';
import { earliestStart, addDays, hamonProducts, maxStartDays, normalizeRegistration, vehicleProducts } from './details';

/** The answers of the three steps. */
export interface SubscriptionValues {
  startDate: string;
  switching: boolean;
  switchInsurer: string;
  switchPolicy: string;
  address: string;
  postalCode: string;
  city: string;
  registration: string;
  rhythm: 'monthly' | 'yearly';
}

/** The names of the steps, the fourth on the signature page. */
export const subscriptionSteps = ['Début du contrat', 'Vos coordonnées', 'Paiement', 'Documents et signature'];

/** Field errors by field name, as the API names them. */
export type FieldErrors = Partial<Record<string, string>>;

/** The step each field is asked on. */
export function stepOf(field: string): number {
  if (field === 'startDate' || field.startsWith('switch')) return 1;
  if (['address', 'postalCode', 'city', 'registration'].includes(field)) return 2;
  if (field === 'rhythm') return 3;
  return 0;
}

/** The answers to start from: the pending contract's, or the price's postal code. */
export function initialValues(contract: Contract | undefined, postalCode: string, monthly: boolean): SubscriptionValues {
  return {
    startDate: contract?.startDate ?? '',
    switching: Boolean(contract?.switch),
    switchInsurer: contract?.switch?.insurer ?? '',
    switchPolicy: contract?.switch?.policyNumber ?? '',
    address: contract?.holder.address ?? '',
    postalCode: contract?.holder.postalCode || postalCode,
    city: contract?.holder.city ?? '',
    registration: contract?.risk.vehicle?.registration ?? '',
    rhythm: contract?.rhythm ?? (monthly ? 'monthly' : 'yearly'),
  };
}

/** The problems of one step's answers, in French, by field. */
export function checkStep(step: number, v: SubscriptionValues, product: string, today: string): FieldErrors {
  const e: FieldErrors = {};
  if (step === 1) {
    const earliest = earliestStart(today, v.switching && hamonProducts.has(product), product);
    const latest = addDays(today, maxStartDays);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.startDate)) e.startDate = 'Choisissez la date de début du contrat.';
    else if (v.startDate < earliest) {
      e.startDate = v.switching
        ? `Votre contrat actuel prend fin au plus tôt le ${formatDate(earliest)} (un mois après que votre assureur en est informé)\u00a0: choisissez cette date ou une date plus tardive.`
        : earliest === today
          ? `Le contrat peut commencer au plus tôt aujourd’hui, le ${formatDate(earliest)}, à l’heure pleine qui suit la signature.`
          : `Le contrat peut commencer au plus tôt demain, le ${formatDate(earliest)}.`;
    } else if (v.startDate > latest) e.startDate = `Choisissez une date de début avant le ${formatDate(latest)} (${maxStartDays}\u00a0jours au plus).`;
    if (v.switching) {
      if (!v.switchInsurer.trim()) e['switch.insurer'] = 'Indiquez le nom de votre assureur actuel.';
      if (!v.switchPolicy.trim()) e['switch.policyNumber'] = 'Indiquez le numéro de votre contrat actuel.';
    }
  }
  if (step === 2) {
    if (!v.address.trim()) e.address = 'Indiquez votre adresse.';
    if (!/^\d{5}$/.test(v.postalCode.trim())) e.postalCode = 'Indiquez un code postal de 5\u00a0chiffres.';
    if (!v.city.trim()) e.city = 'Indiquez votre ville.';
    if (vehicleProducts.has(product) && !normalizeRegistration(v.registration)) {
      e.registration = 'Indiquez l’immatriculation telle qu’elle figure sur la carte grise, par exemple AB-123-CD.';
    }
  }
  return e;
}

/** What PUT and POST /api/contracts receive. */
export function detailsOf(v: SubscriptionValues, product: string): ContractDetails {
  const d: ContractDetails = { address: v.address.trim(), postalCode: v.postalCode.trim(), city: v.city.trim(), rhythm: v.rhythm };
  if (vehicleProducts.has(product)) d.registration = normalizeRegistration(v.registration) ?? v.registration;
  if (hamonProducts.has(product)) {
    d.switch = v.switching ? { insurer: v.switchInsurer.trim(), policyNumber: v.switchPolicy.trim() } : { insurer: '', policyNumber: '' };
  }
  return d;
}
