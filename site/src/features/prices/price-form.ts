// The journey's form as data: which questions each step asks, and the
// shapes of the answers as typed. The checks and what is sent to
// POST /api/prices are in price-check.ts, loaded after the first screen.
import type { FormField, PriceForm } from './rates';

/** An answer as typed: text, a yes/no, or the ticked options. */
export type FormValue = string | boolean | string[];

/** The answers of the form, by key of the rating file. */
export type FormValues = Record<string, FormValue | undefined>;

/** The errors of the form, by key ("birthDate", "needs.budget"…), in French. */
export type FormErrors = Record<string, string>;

/** The needs as typed: the budget in euros. */
export interface NeedsValues {
  covers: string[];
  budget: string;
  deductible: string;
  existingCover: string;
}

/** The questions of the first step: what is insured. */
const firstStepKeys = new Set(['vehicleId', 'vehicleYear', 'dwelling', 'surface', 'rooms', 'floor']);

/** The questions of a step (1: the vehicle or the dwelling, 2: the driver or the place). */
export function stepFields(product: PriceForm, step: 1 | 2): FormField[] {
  return product.form.filter((f) => firstStepKeys.has(f.key) === (step === 1));
}

/** Whether a question is asked with these answers: a house has no floor. */
export function isAsked(field: FormField, values: FormValues): boolean {
  return field.key !== 'floor' || values.dwelling === 'apartment';
}
