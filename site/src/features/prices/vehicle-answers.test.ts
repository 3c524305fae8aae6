import { describe, expect, it } from 'vitest';
import type { Vehicle } from './api';
import { vehicleAnswers } from './vehicle-answers';

const base: Vehicle = {
  id: '', kind: 'car', make: '', model: '', version: '', energy: 'essence', fiscalPower: 5, powerKw: 74, valueNewCents: 2150000, fromYear: 2019, body: 'citadine',
};

describe('vehicleAnswers', () => {
  it('takes the brand of the form from the id, the longest that fits', () => {
    expect(vehicleAnswers({ ...base, id: 'peugeot-208-12-puretech-100', make: 'Peugeot', model: '208' }))
      .toEqual({ brand: 'peugeot', brandOther: '', model: '208', energy: 'essence' });
    expect(vehicleAnswers({ ...base, id: 'mercedes-benz-classe-a-180', make: 'Mercedes-Benz', model: 'Classe A', energy: 'diesel' }))
      .toEqual({ brand: 'mercedes-benz', brandOther: '', model: 'Classe A', energy: 'diesel' });
  });

  it('writes a brand the form lacks as « Autre marque » and its name', () => {
    expect(vehicleAnswers({ ...base, id: 'jeep-avenger-12-turbo-100', make: 'Jeep', model: 'Avenger' }))
      .toEqual({ brand: 'autre', brandOther: 'Jeep', model: 'Avenger', energy: 'essence' });
  });

  it('leaves an energy the form does not know unanswered', () => {
    expect(vehicleAnswers({ ...base, id: 'peugeot-e-208', make: 'Peugeot', model: 'e-208', energy: 'hydrogene' })).not.toHaveProperty('energy');
  });
});
