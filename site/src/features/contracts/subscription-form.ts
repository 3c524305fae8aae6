// The subscription's first three steps as data: the answers, their checks
// by step, and what the API receives.
import { formatDate } from '../../lib/format';
import type { Contract, ContractDetails, Policyholder } from './api';
import { earliestStart, addDays, hamonProducts, maxStartDays, normalizeRegistration, vehicleProducts } from './details';

/** The answers of the three steps. */
export interface SubscriptionValues {
  startDate: string;
  switching: boolean;
  switchInsurer: string;
  switchPolicy: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  phone: string;
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
  if (['address', 'postalCode', 'city', 'registration'].includes(field) || field.startsWith('policyholder.')) return 2;
  if (field === 'rhythm') return 3;
  return 0;
}

/** The answers to start from: the pending contract's, else the profile's policyholder and the price's postal code. */
export function initialValues(contract: Contract | undefined, postalCode: string, monthly: boolean, saved?: Policyholder): SubscriptionValues {
  const p = contract?.policyholder;
  return {
    firstName: p?.firstName || saved?.firstName || '',
    lastName: p?.lastName || saved?.lastName || '',
    birthDate: p?.birthDate || saved?.birthDate || '',
    phone: p?.phone || saved?.phone || '',
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
    if (!v.firstName.trim()) e['policyholder.firstName'] = 'Indiquez votre prénom tel qu’il figure sur votre pièce d’identité.';
    if (!v.lastName.trim()) e['policyholder.lastName'] = 'Indiquez votre nom tel qu’il figure sur votre pièce d’identité.';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.birthDate)) e['policyholder.birthDate'] = 'Indiquez votre date de naissance.';
    else if (addYears(v.birthDate, adultAge) > today) e['policyholder.birthDate'] = `Le souscripteur doit être majeur (${adultAge}\u00a0ans ou plus)\u00a0: un mineur ne peut pas souscrire seul.`;
    if (!phonePattern.test(v.phone.replace(/[\s.-]/g, ''))) e['policyholder.phone'] = 'Indiquez un numéro de téléphone valide, par exemple 06 12 34 56 78.';
    if (!v.address.trim()) e.address = 'Indiquez votre adresse.';
    if (!/^\d{5}$/.test(v.postalCode.trim())) e.postalCode = 'Indiquez un code postal de 5\u00a0chiffres.';
    if (!v.city.trim()) e.city = 'Indiquez votre ville.';
    if (vehicleProducts.has(product) && !normalizeRegistration(v.registration)) {
      e.registration = 'Indiquez l’immatriculation telle qu’elle figure sur la carte grise, par exemple AB-123-CD.';
    }
  }
  return e;
}

/** The youngest a policyholder may be (pkg/account PolicyholderMinAge). */
const adultAge = 18;

/** A French number (0 and nine digits) or an international one, as pkg/input Phone reads it. */
const phonePattern = /^(0[1-9]\d{8}|(\+|00)[1-9]\d{7,14})$/;

function addYears(iso: string, n: number): string {
  return `${String(Number(iso.slice(0, 4)) + n).padStart(4, '0')}${iso.slice(4)}`;
}

/** What PUT and POST /api/contracts receive. */
export function detailsOf(v: SubscriptionValues, product: string): ContractDetails {
  const d: ContractDetails = {
    policyholder: { firstName: v.firstName.trim(), lastName: v.lastName.trim(), birthDate: v.birthDate, phone: v.phone.trim() },
    address: v.address.trim(), postalCode: v.postalCode.trim(), city: v.city.trim(), rhythm: v.rhythm };
  if (vehicleProducts.has(product)) d.registration = normalizeRegistration(v.registration) ?? v.registration;
  if (hamonProducts.has(product)) {
    d.switch = v.switching ? { insurer: v.switchInsurer.trim(), policyNumber: v.switchPolicy.trim() } : { insurer: '', policyNumber: '' };
  }
  return d;
}
