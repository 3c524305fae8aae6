import * as brand from '../../../pkg/company/company.json?brand';
import { typeset } from './format';

// What every page's frame shows of the company profile (pkg/company/company.json),
// apart from lib/company.ts so that the first JavaScript of a page does not carry
// the whole profile. lib/company.ts re-exports it.

/** The broker's name. */
export const companyName = typeset(brand.name);

/** The broker's phone, as written. */
export const companyPhone = typeset(brand.phone);

/** The contact e-mail. */
export const companyEmail = brand.email;

/** The `tel:` link of the company phone. */
export const telHref = `tel:${brand.phoneInternational}`;

/** The `mailto:` link of the contact e-mail. */
export const mailHref = `mailto:${brand.email}`;
