import data from '../../../pkg/company/company.json?profile';
import { elide, typeset, typesetAll } from './format';

/** A member of the team shown on the about page. */
export interface TeamMember {
  name: string;
  role: string;
  description: string;
  expertise: string[];
}

/** An insurance product advertised by the broker. */
export interface Service {
  id: string;
  title: string;
  description: string;
  path: string;
}

/** One of the six advantages advertised on the home page. */
export interface Advantage {
  id: string;
  title: string;
  description: string;
}

/**
 * The company profile of SPEC.md §3, read from pkg/company/company.json,
 * without the home's advantages and the about page's team, which those
 * pages read themselves (homeAdvantages, aboutTeam): every page carries
 * this module.
 */
export type CompanyProfile = typeof data & {
  services: Service[];
};

/**
 * The broker's identity: the one source of phone, e-mail and address for the
 * site, typeset once here so that a phone number, an amount or opening
 * hours never break across lines wherever they are shown.
 */
export const company: CompanyProfile = typesetAll(data);

/** The company's name after "de": "d'Horizon Courtage" (see elide). */
export const ofCompany = elide('de', company.name);

export { telHref, mailHref } from './brand';

/** The contact block of SPEC.md §3 (Contact info), derived from the profile. */
export const contactInfo = {
  address: { street: company.address, city: typeset(`${company.postalCode} ${company.city}`), country: company.country },
  phone: company.phone,
  email: company.email,
  hours: company.hours,
  online: company.online,
};

/** The full postal address on one line. */
export const fullAddress = typeset(`${company.address}, ${company.postalCode} ${company.city}`);

/**
 * The unit of a delay the broker promises: working hours and working days
 * count the opening hours of the profile, outside public holidays (Saturday
 * included, since the broker opens on Saturday morning, so "jours ouvrés"
 * and "jours ouvrables" are the same days here; each is written as the text
 * it belongs to names it: ACPR's complaint delays say "ouvrables").
 */
export type DelayUnit = 'workingHours' | 'workingDays' | 'businessDays' | 'months';

const delayUnits: Record<DelayUnit, readonly [one: string, many: string]> = {
  workingHours: ['heure ouvrée', 'heures ouvrées'],
  workingDays: ['jour ouvré', 'jours ouvrés'],
  businessDays: ['jour ouvrable', 'jours ouvrables'],
  months: ['mois', 'mois'],
};

/**
 * A delay in French, the number kept with its unit: formatDelay(24,
 * 'workingHours') is "24 heures ouvrées", formatDelay(1, 'workingDays') "1
 * jour ouvré", formatDelay(2, 'months') "2 mois"; with { within: true },
 * "sous 24 heures ouvrées". Throws a RangeError for anything but a positive
 * whole number, as pkg/company refuses such a profile.
 */
export function formatDelay(amount: number, unit: DelayUnit, { within = false } = {}): string {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`Délai invalide\u00a0: ${amount}`);
  const [one, many] = delayUnits[unit];
  const delay = `${amount}\u00a0${amount === 1 ? one : many}`;
  return within ? `sous ${delay}` : delay;
}

/**
 * The delays the site promises, from the profile (the same numbers compute
 * every request's due date in Go), so no page types them: "sous 24 heures
 * ouvrées" for a quote request and a callback, "sous 2 jours ouvrés" for a
 * contact message; a complaint is acknowledged within "10 jours ouvrables"
 * and answered within "2 mois" (ACPR recommendation 2022-R-01), written
 * without "sous" because the legal texts say "dans un délai maximal de".
 */
export const answerDelays = {
  quote: formatDelay(company.answerDelays.quoteWorkingHours, 'workingHours', { within: true }),
  callback: formatDelay(company.answerDelays.callbackWorkingHours, 'workingHours', { within: true }),
  contact: formatDelay(company.answerDelays.contactWorkingDays, 'workingDays', { within: true }),
  complaintAcknowledge: formatDelay(company.complaints.acknowledgeDays, 'businessDays'),
  complaintAnswer: formatDelay(company.complaints.answerMonths, 'months'),
};
