import { describe, expect, it } from 'vitest';
import type { AmendedContract } from './api';
import { checkChange, initialChange, kindsOf, lastEffectiveDay, namedDriversOf, toDraft, type ChangeValues } from './amendment-form';
import type { Vehicle } from '../prices/api';
import { loadPriceProduct } from '../prices/rates';

const contract = {
  id: 'c1', number: 'CT-2026-000001', status: 'active', product: 'car', insurer: 'Mutuelle Fictive', formula: 'Tiers',
  holder: { name: 'Camille Martin', email: 'c@exemple.fr', address: '4 place Bellecour', postalCode: '69002', city: 'Lyon' },
  risk: { vehicle: { make: 'Peugeot', model: '208', version: '1.2', registration: 'AB-123-CD' }, lines: [['Conducteurs désignés en plus de vous', '1']] },
  startDate: '2026-11-20', period: { start: '2026-11-20', end: '2027-11-19' }, actions: [],
  mandate: { rum: 'R1', holder: 'Camille Martin', iban: 'FR76 •••• 0189', signedAt: '' },
} as unknown as AmendedContract;

const clio: Vehicle = { id: 'renault-clio-5', kind: 'car', make: 'Renault', model: 'Clio', version: 'TCe 90', energy: 'essence', fiscalPower: 5, powerKw: 67, valueNewCents: 2000000, fromYear: 2019, body: 'citadine' };
const today = '2026-12-07';
const base = (p: Partial<ChangeValues>): ChangeValues => ({ ...initialChange(contract, today), ...p });

describe('checkChange', () => {
  it.each<[string, Partial<ChangeValues>, Record<string, string>]>([
    ['no kind', {}, { kind: 'Choisissez ce que vous changez.' }],
    ['a move, whole', { kind: 'address', address: '12 La Canebière', postalCode: '13001', city: 'Marseille' }, {}],
    ['a move, a postcode of 4 digits and no city', { kind: 'address', address: '12 La Canebière', postalCode: '1300', city: ' ' },
      { postalCode: 'Indiquez un code postal de 5\u00a0chiffres.', city: 'Indiquez votre nouvelle ville.' }],
    ['a move to the same address', { kind: 'address', address: '4 place Bellecour', postalCode: '69002', city: 'Lyon' }, { address: 'C’est déjà l’adresse du contrat.' }],
    ['a move yesterday', { kind: 'address', address: '1 rue B', postalCode: '13001', city: 'Marseille', effectiveDate: '2026-12-06' }, { effectiveDate: 'Le changement prend effet aujourd’hui au plus tôt.' }],
    ['a move on the period’s last day', { kind: 'address', address: '1 rue B', postalCode: '13001', city: 'Marseille', effectiveDate: '2027-11-19' }, {}],
    ['a move after the period', { kind: 'address', address: '1 rue B', postalCode: '13001', city: 'Marseille', effectiveDate: '2027-11-20' },
      { effectiveDate: 'Le changement prend effet avant la fin de l’année en cours du contrat (l’échéance). Au-delà, demandez-le après le renouvellement.' }],
    ['a car, whole', { kind: 'vehicle', vehicle: clio, vehicleYear: '2021', registration: 'gh 456 jk' }, {}],
    ['a car not chosen, a bad plate', { kind: 'vehicle', registration: 'XYZ' },
      { vehicleId: 'Choisissez votre nouveau véhicule dans la liste.', registration: 'Indiquez l’immatriculation telle qu’elle figure sur la carte grise, par exemple AB-123-CD.' }],
    ['a car registered before its model was sold', { kind: 'vehicle', vehicle: clio, vehicleYear: '2015', registration: 'GH-456-JK' },
      { vehicleYear: 'Indiquez l’année de première mise en circulation (case B de la carte grise), entre 2019 et 2026.' }],
    // As the catalogue's API sends a model still sold: toYear 0, not absent.
    ['a car still sold, registered this year', { kind: 'vehicle', vehicle: { ...clio, toYear: 0 }, vehicleYear: '2026', registration: 'GH-456-JK' }, {}],
    ['a car still sold, registered next year', { kind: 'vehicle', vehicle: { ...clio, toYear: 0 }, vehicleYear: '2027', registration: 'GH-456-JK' },
      { vehicleYear: 'Indiquez l’année de première mise en circulation (case B de la carte grise), entre 2019 et 2026.' }],
    ['a car whose model ended in 2023, registered in 2024', { kind: 'vehicle', vehicle: { ...clio, toYear: 2023 }, vehicleYear: '2024', registration: 'GH-456-JK' }, {}],
    ['a car whose model ended in 2023, registered in 2025', { kind: 'vehicle', vehicle: { ...clio, toYear: 2023 }, vehicleYear: '2025', registration: 'GH-456-JK' },
      { vehicleYear: 'Indiquez l’année de première mise en circulation (case B de la carte grise), entre 2019 et 2024.' }],
    ['a driver added without a name', { kind: 'driver', driver: 'add' }, { driverName: 'Indiquez le prénom et le nom du conducteur.' }],
    ['a driver removed', { kind: 'driver', driver: 'remove' }, {}],
    ['no formula chosen', { kind: 'formula' }, { formulaId: 'Choisissez la nouvelle formule.' }],
    ['a bank account with a wrong key', { kind: 'bank', iban: 'FR76 3000 6000 0112 3456 7890 188' }, { iban: 'La clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le.' }],
    ['a bank account, whole', { kind: 'bank', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPP' }, {}],
  ])('%s', (_, values, want) => {
    expect(checkChange(base(values), contract, today)).toEqual(want);
  });

  it('refuses a fourth named driver and removing none', () => {
    const three = { ...contract, risk: { ...contract.risk, lines: [['Conducteurs désignés en plus de vous', '3']] } } as AmendedContract;
    expect(checkChange(base({ kind: 'driver', driver: 'add', driverName: 'Léa Martin' }), three, today).driver).toMatch(/déjà 3\u00a0conducteurs/);
    const none = { ...contract, risk: { ...contract.risk, lines: [] } } as unknown as AmendedContract;
    expect(checkChange(base({ kind: 'driver', driver: 'remove' }), none, today).driver).toBe('Le contrat n’a pas de conducteur désigné à retirer.');
  });
});

describe('toDraft', () => {
  it('posts the rating file’s keys', () => {
    expect(toDraft(base({ kind: 'vehicle', vehicle: clio, vehicleYear: '2021', registration: 'gh 456 jk', effectiveDate: '2026-12-10' }), contract))
      .toEqual({ kind: 'vehicle', effectiveDate: '2026-12-10', changes: { vehicleId: 'renault-clio-5', vehicleYear: 2021, registration: 'GH-456-JK' } });
    expect(toDraft(base({ kind: 'address', address: ' 12 La Canebière ', postalCode: '13001', city: 'Marseille' }), contract).changes)
      .toEqual({ address: '12 La Canebière', postalCode: '13001', city: 'Marseille' });
    expect(toDraft(base({ kind: 'driver', driver: 'add', driverName: 'Léa Martin' }), contract).changes).toEqual({ namedDrivers: 2, driverName: 'Léa Martin' });
    expect(toDraft(base({ kind: 'driver', driver: 'remove' }), contract).changes).toEqual({ namedDrivers: 0 });
    expect(toDraft(base({ kind: 'formula', formulaId: 'tous-risques' }), contract).changes).toEqual({ formulaId: 'tous-risques' });
    expect(toDraft(base({ kind: 'bank', iban: 'fr76 3000 6000 0112 3456 7890 189', bic: '' }), contract).changes)
      .toEqual({ holder: 'Camille Martin', iban: 'FR7630006000011234567890189', bic: undefined });
  });
});

describe('what a contract may change', () => {
  it('offers a vehicle and drivers only where one is insured, a bank account only with a mandate', () => {
    expect(kindsOf(contract)).toEqual(['vehicle', 'address', 'driver', 'formula', 'bank']);
    expect(kindsOf({ ...contract, product: 'home', risk: { lines: [] }, mandate: undefined } as unknown as AmendedContract)).toEqual(['address', 'formula']);
    expect(kindsOf({ ...contract, product: 'moto' } as AmendedContract)).toEqual(['vehicle', 'address', 'formula', 'bank']);
  });

  it('reads the drivers and the last day', () => {
    expect(namedDriversOf(contract)).toBe(1);
    expect(lastEffectiveDay(contract)).toBe('2027-11-19');
    expect(lastEffectiveDay({ startDate: '2028-02-29' })).toBe('2029-02-28');
  });
});

describe('a home’s move', () => {
  const home = { ...contract, product: 'home', risk: { lines: [] }, holder: { ...contract.holder } } as unknown as AmendedContract;
  const move = { kind: 'address' as const, address: '12 La Canebière', postalCode: '13001', city: 'Marseille' };

  it('asks the new dwelling’s answers, with the rating file’s messages', async () => {
    const rated = await loadPriceProduct('home');
    const messages = Object.fromEntries(rated.form.map((f) => [f.key, f.message]));
    expect(checkChange(base(move), home, today, rated)).toEqual({
      dwelling: messages.dwelling, surface: messages.surface, rooms: messages.rooms, occupant: messages.occupant,
    });
    // An apartment's floor is asked; a house has none.
    expect(checkChange(base({ ...move, answers: { dwelling: 'apartment', surface: '48', rooms: '2', occupant: 'tenant' } }), home, today, rated)).toEqual({ floor: messages.floor });
    expect(checkChange(base({ ...move, answers: { dwelling: 'apartment', surface: '48', rooms: '2', floor: 'middle', occupant: 'tenant' } }), home, today, rated)).toEqual({});
    expect(checkChange(base({ ...move, answers: { dwelling: 'house', surface: '95', rooms: '4', occupant: 'owner' } }), home, today, rated)).toEqual({});
  });

  it('posts the dwelling with the address, numbers as numbers', async () => {
    const rated = await loadPriceProduct('home');
    const v = base({ ...move, answers: { dwelling: 'house', surface: '95', rooms: '4', floor: 'top', occupant: 'owner' } });
    expect(toDraft(v, home, rated).changes).toEqual({
      address: '12 La Canebière', postalCode: '13001', city: 'Marseille', dwelling: 'house', surface: 95, rooms: 4, occupant: 'owner',
    });
  });
});
