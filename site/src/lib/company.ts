import data from '../../../pkg/company/company.json';
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

/** The company profile of SPEC.md §3, read from pkg/company/company.json. */
export type CompanyProfile = typeof data & {
  services: Service[];
  advantages: Advantage[];
  team: TeamMember[];
};

/**
 * The broker's identity: the one source of phone, e-mail and address for the
 * site, typeset once here so that a phone number, an amount or opening
 * hours never break across lines wherever they are shown.
 */
export const company: CompanyProfile = typesetAll(data);

/** The company's name after "de": "d'Horizon Courtage" (see elide). */
export const ofCompany = elide('de', company.name);

/** The `tel:` link of the company phone. */
export const telHref = `tel:${company.phoneInternational}`;

/** The `mailto:` link of the contact e-mail. */
export const mailHref = `mailto:${company.email}`;

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
