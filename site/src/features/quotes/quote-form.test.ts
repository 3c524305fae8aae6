import { describe, expect, it } from 'vitest';
import { productIds } from '../../content/products';
import { productFields, vehicleFields } from '../../content/quote-form';
import { typeset } from '../../lib/format';
import {
  detailsPayload, normalizePhone, quotePayload, validateFields, validateQuote, vehicleFromParams, vehicleSearch,
  type Answers, type QuoteValues,
} from './quote-form';

// The current year is 2026, as in the Go tests.
const today = new Date(2026, 2, 2, 9, 0);

/** Valid answers for each product, as the inputs hold them. */
const good: Record<string, Answers> = {
  car: { brand: 'peugeot', model: '208', year: '2019', energy: 'essence', usage: 'prive', licenceYear: '2010', bonusMalus: '0,68', cover: 'tous-risques' },
  home: { occupancy: 'locataire', housingType: 'appartement', surface: '54', rooms: '3', postalCode: '69 002' },
  health: { adults: '2', children: '0', birthYear: '1985', priority: 'dentaire' },
  life: { goal: 'retraite', amount: '' },
  pro: { activity: 'Plombier', legalStatus: 'eurl', turnover: '50k-250k', employees: '2' },
  vtc: { brand: 'autre', brandOther: 'Lynk & Co', model: '01', vtcCard: 'non', yearsActivity: '0' },
  fleet: { vehicles: '12', vehicleTypes: ['utilitaires'] },
  temp: { vehicleKind: 'voiture', days: '15', startDate: '2026-03-02' },
};

function form(product: string, change: Answers = {}, rest: Partial<QuoteValues> = {}): QuoteValues {
  return { product, answers: { ...good[product], ...change }, contactMethod: 'email', phone: '', message: '', ...rest };
}

describe('validateQuote', () => {
  it.each(productIds)('accepts good answers for %s', (product) => {
    expect(validateQuote(form(product), today)).toEqual({});
  });

  it.each([
    ['car', { brand: '' }, 'details.brand', 'Choisissez la marque du véhicule.'],
    ['car', { brand: 'autre', brandOther: ' ' }, 'details.brandOther', 'Indiquez la marque du véhicule.'],
    ['car', { model: 'x'.repeat(61) }, 'details.model', 'Saisissez 60 caractères au plus.'],
    ['car', { year: '' }, 'details.year', "Indiquez l’année de première mise en circulation."],
    ['car', { year: '2027' }, 'details.year', 'Saisissez une année entre 1950 et 2026.'],
    ['car', { year: '19a9' }, 'details.year', 'Saisissez une année, par exemple 2019.'],
    ['car', { energy: 'vapeur' }, 'details.energy', "Choisissez l’énergie du véhicule."],
    ['car', { bonusMalus: '4' }, 'details.bonusMalus', 'Saisissez un coefficient entre 0,50 et 3,50, par exemple 0,85.'],
    ['car', { bonusMalus: '0,855' }, 'details.bonusMalus', 'Saisissez un coefficient à deux décimales au plus, par exemple 0,85.'],
    ['car', { cover: '' }, 'details.cover', 'Choisissez la formule souhaitée.'],
    ['home', { surface: '8' }, 'details.surface', 'Saisissez un nombre entre 9 et 1\u202f000.'],
    ['home', { rooms: '2.5' }, 'details.rooms', 'Saisissez un nombre entier.'],
    ['home', { surface: '-40' }, 'details.surface', 'Saisissez un nombre entre 9 et 1\u202f000.'],
    ['home', { surface: '1.200' }, 'details.surface', 'Saisissez un nombre entier.'],
    ['home', { postalCode: '00123' }, 'details.postalCode', 'Saisissez un code postal français à 5 chiffres, par exemple 69002.'],
    ['health', { birthYear: '2010' }, 'details.birthYear', 'Saisissez une année entre 1926 et 2008.'],
    ['health', { adults: '3' }, 'details.adults', 'Saisissez un nombre entre 1 et 2.'],
    ['life', { amount: '50' }, 'details.amount', 'Saisissez un nombre entre 100 et 10\u202f000\u202f000.'],
    ['pro', { activity: 'x' }, 'details.activity', 'Saisissez au moins 2 caractères.'],
    ['pro', { turnover: '' }, 'details.turnover', "Choisissez la tranche de chiffre d’affaires annuel."],
    ['vtc', { vtcCard: '' }, 'details.vtcCard', 'Indiquez si vous êtes titulaire de la carte professionnelle VTC.'],
    ['fleet', { vehicleTypes: [] }, 'details.vehicleTypes', 'Choisissez au moins un type de véhicule dans la liste.'],
    ['fleet', { vehicles: '2' }, 'details.vehicles', 'Saisissez un nombre entre 3 et 1\u202f000.'],
    ['temp', { startDate: '2026-03-01' }, 'details.startDate', 'La date de début ne peut pas être passée.'],
    ['temp', { startDate: '2027-03-03' }, 'details.startDate', 'Choisissez une date de début dans les 365 prochains jours.'],
    ['temp', { startDate: '2026-02-30' }, 'details.startDate', 'Saisissez une date valide.'],
  ] as const)('refuses %s %o', (product, change, field, message) => {
    expect(validateQuote(form(product, change as Answers), today)).toEqual({ [field]: typeset(message) });
  });

  it('asks for the product first', () => {
    expect(validateQuote(form('car', {}, { product: 'bateau' }), today)).toEqual({ product: 'Choisissez l’assurance pour laquelle vous souhaitez un devis.' });
  });

  it('reports every error at once', () => {
    const errors = validateQuote(form('home', { surface: '', rooms: '' }, { contactMethod: 'phone' }), today);
    expect(Object.keys(errors)).toEqual(['details.surface', 'details.rooms', 'contact.phone']);
  });

  it.each([
    [{ contactMethod: '' }, 'contact.method', 'Choisissez comment vous souhaitez être recontacté.'],
    [{ contactMethod: 'phone', phone: ' ' }, 'contact.phone', 'Indiquez le numéro auquel vous rappeler.'],
    [{ contactMethod: 'email', phone: '123' }, 'contact.phone', 'Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34.'],
    [{ message: 'é'.repeat(2001) }, 'message', 'Saisissez 2\u202f000 caractères au plus.'],
  ])('checks the contact and message %o', (rest, field, message) => {
    expect(validateQuote(form('life', {}, rest), today)).toEqual({ [field]: typeset(message) });
  });

  it('typesets its messages as the server\'s are shown: a number stays with its unit', () => {
    expect(validateQuote(form('home', { surface: '8' }), today)['details.surface']).toBe('Saisissez un nombre entre 9\u00a0et 1\u202f000.');
    expect(validateQuote(form('home', { postalCode: '00123' }), today)['details.postalCode']).toBe('Saisissez un code postal français à 5\u00a0chiffres, par exemple 69002.');
  });

  it('ignores a hidden question', () => {
    expect(validateQuote(form('car', { brandOther: 'x'.repeat(100) }), today)).toEqual({});
  });
});

describe('normalizePhone', () => {
  it.each([
    ['06 39 98 12 34', '0639981234'],
    ['06.39.98.12.34', '0639981234'],
    ['+33 6 39 98 12 34', '+33639981234'],
    ['0033 6 39 98 12 34', '+33639981234'],
  ])('reads %s', (raw, want) => {
    expect(normalizePhone(raw)).toBe(want);
  });
  it.each(['', '06 39 98', '0039981234x', '+0639981234', '1234567890'])('refuses %s', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });
});

describe('payload', () => {
  it('types the answers as the API expects them', () => {
    expect(detailsPayload('car', good.car as Answers)).toEqual({
      brand: 'peugeot', model: '208', year: 2019, energy: 'essence', usage: 'prive', licenceYear: 2010, bonusMalus: 0.68, cover: 'tous-risques',
    });
    expect(detailsPayload('home', good.home as Answers)).toMatchObject({ surface: 54, rooms: 3, postalCode: '69002' });
    expect(detailsPayload('home', { ...good.home, surface: '1 200' } as Answers)).toMatchObject({ surface: 1200 });
    expect(detailsPayload('vtc', good.vtc as Answers)).toMatchObject({ brandOther: 'Lynk & Co', vtcCard: false, yearsActivity: 0 });
    expect(detailsPayload('life', good.life as Answers)).toEqual({ goal: 'retraite' });
    expect(detailsPayload('fleet', good.fleet as Answers)).toEqual({ vehicles: 12, vehicleTypes: ['utilitaires'] });
  });

  it('leaves out hidden questions and sends the phone without separators', () => {
    const body = quotePayload({ ...form('car', { brandOther: 'Alpine' }, { contactMethod: 'phone', phone: '06 39 98 12 34', message: ' Merci ' }), product: 'car' });
    expect(body.details).not.toHaveProperty('brandOther');
    expect(body.contact).toEqual({ method: 'phone', phone: '0639981234' });
    expect(body.message).toBe('Merci');
  });

  it('asks every product field with a name the Go structs know', () => {
    for (const p of productIds) expect(new Set(productFields[p].map((f) => f.name)).size).toBe(productFields[p].length);
  });
});

describe('vehicle step', () => {
  it('carries the vehicle through the URL and back', () => {
    const vehicle = { brand: 'autre', brandOther: 'Alpine', model: 'A110', year: '2022', energy: 'essence' };
    const search = vehicleSearch(vehicle);
    expect(search).toBe('?product=car&brand=autre&brandOther=Alpine&model=A110&year=2022&energy=essence');
    expect(vehicleFromParams(new URLSearchParams(search))).toEqual(vehicle);
    expect(validateFields(vehicleFields, vehicleFromParams(new URLSearchParams(search)), today)).toEqual({});
  });

  it('drops the brand name when a listed brand is chosen', () => {
    expect(vehicleSearch({ brand: 'dacia', brandOther: 'Alpine', model: 'Sandero', year: '2020', energy: 'gpl-e85' })).not.toContain('Alpine');
  });

  it('asks only the vehicle questions', () => {
    expect(vehicleFields.map((f) => f.name)).toEqual(['brand', 'brandOther', 'model', 'year', 'energy']);
    expect(Object.keys(validateFields(vehicleFields, {}, today))).toEqual(['details.brand', 'details.model', 'details.year', 'details.energy']);
  });
});
