import { choices } from '../../content/quote-form';
import type { Answers } from '../quotes/quote-form';
import type { Vehicle } from './api';

/**
 * The quote request's vehicle answers (brand, model, energy) of a vehicle
 * of the catalogue: its id starts with the form's brand value (« mercedes-benz-… »);
 * a brand the form does not list is « Autre marque » and its name.
 */
export function vehicleAnswers(v: Vehicle): Answers {
  const brand = choices.brand
    .filter((c) => c.value !== 'autre' && v.id.startsWith(`${c.value}-`))
    .sort((a, b) => b.value.length - a.value.length)[0];
  const answers: Answers = brand ? { brand: brand.value, brandOther: '' } : { brand: 'autre', brandOther: v.make };
  answers.model = v.model;
  if (choices.energy.some((c) => c.value === v.energy)) answers.energy = v.energy;
  return answers;
}
