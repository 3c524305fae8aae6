import { describe, expect, it } from 'vitest';
import { amendmentDraft, amendmentKindsFor, checkAmendment, formField } from './amendment-form';
import { sample } from './test-fixtures';

describe('amendmentKindsFor', () => {
  it.each([
    ['a car priced by the engine', { ...sample, risk: { ...sample.risk, formulaId: 'confort' } }, ['vehicle', 'address', 'driver', 'formula', 'bank']],
    ['a car from an insurer’s offer', sample, ['vehicle', 'address', 'driver', 'bank']],
    ['a home', { ...sample, product: 'home', risk: { lines: [], formulaId: 'essentiel' } }, ['address', 'formula', 'bank']],
  ])('%s', (_, c, want) => expect(amendmentKindsFor(c)).toEqual(want));
});

describe('checkAmendment', () => {
  const today = '2026-03-02';
  it.each([
    ['an address whole', 'address', { effectiveDate: '2026-03-02', address: '4 quai du Port', postalCode: '13002', city: 'Marseille' }, {}],
    ['no date, no city, a short postcode', 'address', { address: '4 quai du Port', postalCode: '1300' },
      { effectiveDate: 'Indiquez la date d’effet de l’avenant.', postalCode: 'Un code postal compte 5\u00a0chiffres.', city: 'Indiquez la ville.' }],
    ['a date past', 'formula', { effectiveDate: '2026-03-01', formulaId: 'premium' }, { effectiveDate: 'La date d’effet est aujourd’hui au plus tôt.' }],
    ['a vehicle not chosen, a year to come', 'vehicle', { effectiveDate: '2026-04-01', vehicleYear: '2028', registration: 'AB-123-CD' },
      { vehicleId: 'Choisissez le nouveau véhicule dans le catalogue.', vehicleYear: 'L’année de mise en circulation est comprise entre 1950 et 2027.' }],
    ['four drivers', 'driver', { effectiveDate: today, namedDrivers: '4' }, { namedDrivers: 'De 0 à 3 conducteurs désignés en plus du souscripteur.' }],
    ['no driver', 'driver', { effectiveDate: today, namedDrivers: '0' }, {}],
    ['a wrong IBAN, a short BIC', 'bank', { effectiveDate: today, holder: 'Marie Durand', iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRI' },
      { iban: 'La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le.', bic: 'Un BIC compte 8\u00a0ou 11\u00a0caractères\u00a0; celui-ci en compte 4.' }],
    ['a good IBAN, no BIC', 'bank', { effectiveDate: today, holder: 'Marie Durand', iban: 'FR76 3000 6000 0112 3456 7890 189' }, {}],
  ] as const)('%s', (_, kind, values, want) => expect(checkAmendment(kind, values, today, 2026)).toEqual(want));
});

describe('amendmentDraft', () => {
  it('sends the kind’s fields alone, trimmed, numbers as numbers, the IBAN without spaces', () => {
    const values = { effectiveDate: '2026-03-10', vehicleId: 'v-208', vehicleYear: ' 2021 ', registration: 'ef-456-gh ', city: 'Lyon', namedDrivers: '2' };
    expect(amendmentDraft('vehicle', values)).toEqual({ kind: 'vehicle', effectiveDate: '2026-03-10', changes: { vehicleId: 'v-208', vehicleYear: 2021, registration: 'EF-456-GH' } });
    expect(amendmentDraft('driver', values)).toEqual({ kind: 'driver', effectiveDate: '2026-03-10', changes: { namedDrivers: 2 } });
    expect(amendmentDraft('bank', { effectiveDate: '2026-03-10', holder: ' Marie Durand ', iban: 'fr76 3000 6000 0112 3456 7890 189', bic: '' }))
      .toEqual({ kind: 'bank', effectiveDate: '2026-03-10', changes: { holder: 'Marie Durand', iban: 'FR7630006000011234567890189' } });
  });

  it('reads the server’s field names', () => {
    expect(formField('changes.postalCode')).toBe('postalCode');
    expect(formField('effectiveDate')).toBe('effectiveDate');
  });
});
